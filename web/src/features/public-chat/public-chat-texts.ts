// Registers the public chat's texts with i18next, kept out of the shared en-US.json (the page loads on its own).
import { addTexts } from '../../app/i18n/i18n';
import texts from './public-chat.texts.json';

addTexts(texts);
