// Registers the texts of the personal agent editor's knowledge files (loaded with that block, not with the chat route,
// which carries the personal agents' texts for its quick-create popover).
import { addTexts } from '../../app/i18n/i18n';
import texts from './personal-agent-files.texts.json';

addTexts(texts);
