// Registers the report dialog's texts when the dialog loads (kept out of the chat route's en-US.json).
import { addTexts } from '../../app/i18n/i18n';
import texts from './report-answer.texts.json';

addTexts(texts);
