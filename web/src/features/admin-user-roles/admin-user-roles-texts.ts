// Registers this feature's texts when the lazily loaded user roles area loads.
import { addTexts } from '../../app/i18n/i18n';
import texts from './admin-user-roles.texts.json';

addTexts(texts);
