// Registers the admin index's texts with the admin shell (not in the chat bundle).
import { addTexts } from '../../app/i18n/i18n';
import texts from './admin-shell.texts.json';

addTexts(texts);
