import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import BrushOutlined from '@mui/icons-material/BrushOutlined';
import CableOutlined from '@mui/icons-material/CableOutlined';
import FolderCopyOutlined from '@mui/icons-material/FolderCopyOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import PeopleOutline from '@mui/icons-material/PeopleOutline';
import PolicyOutlined from '@mui/icons-material/PolicyOutlined';
import ReportOutlined from '@mui/icons-material/ReportOutlined';
import SpeedOutlined from '@mui/icons-material/SpeedOutlined';
import SettingsSuggestOutlined from '@mui/icons-material/SettingsSuggestOutlined';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import type { AdminAreaKey } from '../admin-nav';

export const adminIcons: Record<AdminAreaKey, ComponentType<SvgIconProps>> = {
  dashboard: AssessmentOutlined,
  agents: SmartToyOutlined,
  fileLibraries: FolderCopyOutlined,
  connections: CableOutlined,
  brands: BrushOutlined,
  guidelines: GavelOutlined,
  chatAccessPolicies: PolicyOutlined,
  userRoles: VerifiedUserOutlined,
  users: PeopleOutline,
  audit: HistoryOutlined,
  instanceSettings: SettingsSuggestOutlined,
  moderation: ReportOutlined,
  performanceTests: SpeedOutlined,
};
