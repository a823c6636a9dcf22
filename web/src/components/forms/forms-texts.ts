// Registers the shared texts of form checks (components/forms) when a form that uses them loads.
import { addTexts } from '../../app/i18n/i18n';
import texts from './forms.texts.json';

addTexts(texts);
