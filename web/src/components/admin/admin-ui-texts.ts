// Registers the texts of the shared admin building blocks once, when the first of them loads, so that
// they ride with the lazily loaded admin pages rather than the chat bundle.
import { addTexts } from '../../app/i18n/i18n';
import texts from './admin-ui.texts.json';

addTexts(texts);
