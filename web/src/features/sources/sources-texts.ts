// Registers the sources page's texts with i18next, loaded with the page.
import { addTexts } from '../../app/i18n/i18n';
import texts from './sources.texts.json';

addTexts(texts);
