import main from './ja.json';
import { mainTranslation } from './translation';

/** The ja strings every page may need: a chunk of their own, loaded only when the console is shown in this language. */
export default mainTranslation(main);
