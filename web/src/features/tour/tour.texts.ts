// The tour's texts join the translation namespace when the tour loads.
import { addTexts } from '../../app/i18n/i18n';
import texts from './tour.texts.json';

addTexts(texts);
