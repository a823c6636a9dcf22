// Registers the brand pages' texts when the lazily loaded feature is first imported.
import { addTexts } from '../../app/i18n/i18n';
import texts from './admin-brands.texts.json';

addTexts(texts);
