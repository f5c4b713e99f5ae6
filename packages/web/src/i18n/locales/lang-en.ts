import main from './en.json';
import { mainTranslation } from './translation';

/** The en strings every page may need: a chunk of their own, loaded only when the console is shown in this language. */
export default mainTranslation(main);
