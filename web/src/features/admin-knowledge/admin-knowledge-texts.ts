// Registers this lazily loaded area's texts when it loads (keeps them out of the chat bundle).
import { addTexts } from '../../app/i18n/i18n';
import texts from './admin-knowledge.texts.json';

addTexts(texts);
