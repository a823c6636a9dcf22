// Registers the talking avatar's texts with i18next, kept out of the shared en-US.json (the chat route's budget).
import { addTexts } from '../../../app/i18n/i18n';
import texts from './speech-avatar.texts.json';

addTexts(texts);
