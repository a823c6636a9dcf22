// Registers the texts of the page shown in place of an agent or conversation that cannot be opened
// (components/chat-unavailable.tsx), loaded with that page only: most visits never need them.
import { addTexts } from '../../app/i18n/i18n';
import texts from './chat-unavailable.texts.json';

addTexts(texts);
