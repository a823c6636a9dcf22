// Registers the texts of the citation chips with i18next, loaded with their chunk (answers without citations never do).
import { addTexts } from '../../../app/i18n/i18n';
import texts from './citation-chips.texts.json';

addTexts(texts);
