// Registers the texts of the shared agent configuration blocks (admin agents and personal agents).
import { addTexts } from '../../app/i18n/i18n';
import texts from './agent-config.texts.json';

addTexts(texts);
