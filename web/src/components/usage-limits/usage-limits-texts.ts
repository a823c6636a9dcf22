// Registers the usage limits' texts when the first admin part that shows them loads (never in the chat bundle).
import { addTexts } from '../../app/i18n/i18n';
import texts from './usage-limits.texts.json';

addTexts(texts);
