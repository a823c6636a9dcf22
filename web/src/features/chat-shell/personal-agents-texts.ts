// Registers the personal-agent texts where they are used (quick create, the edit page).
import { addTexts } from '../../app/i18n/i18n';
import texts from './personal-agents.texts.json';

addTexts(texts);
