import main from './es.json';
import { mainTranslation } from './translation';

/** The es strings every page may need: a chunk of their own, loaded only when the console is shown in this language. */
export default mainTranslation(main);
