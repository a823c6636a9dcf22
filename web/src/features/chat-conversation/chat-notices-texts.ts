// Registers the chat page's notices (an agent or conversation that cannot be used, the jump to the latest
// answer) with i18next, kept out of the shared en-US.json.
import { addTexts } from '../../app/i18n/i18n';
import texts from './chat-notices.texts.json';

addTexts(texts);
