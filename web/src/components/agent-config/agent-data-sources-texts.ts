// Registers the texts of the agent editors' data sources block (admin agents and personal agents).
import { addTexts } from '../../app/i18n/i18n';
import texts from './agent-data-sources.texts.json';

addTexts(texts);
