// The feature's texts join the one translation namespace when the feature loads (kept out of the
// chat route's first download).
import { addTexts } from '../../app/i18n/i18n';
import texts from './user-prompts.texts.json';

addTexts(texts);
