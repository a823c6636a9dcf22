// Registers the instance settings page's texts when the lazily loaded feature is first imported.
import { addTexts } from '../../app/i18n/i18n';
import texts from './admin-instance-settings.texts.json';

addTexts(texts);
