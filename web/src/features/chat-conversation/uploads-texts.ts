// Registers the texts of the chat input's uploads (kept out of the shared en-US.json).
import { addTexts } from '../../app/i18n/i18n';
import texts from './uploads.texts.json';

addTexts(texts);
