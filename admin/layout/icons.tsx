import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import DashboardIcon from '@mui/icons-material/Dashboard';
import PeopleIcon from '@mui/icons-material/People';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import BadgeIcon from '@mui/icons-material/Badge';
import MenuIcon from '@mui/icons-material/Menu';
import TuneIcon from '@mui/icons-material/Tune';
import CampaignIcon from '@mui/icons-material/Campaign';
import MailIcon from '@mui/icons-material/Mail';
import SettingsIcon from '@mui/icons-material/Settings';
import ArticleIcon from '@mui/icons-material/Article';
import AssignmentIcon from '@mui/icons-material/Assignment';
import BookIcon from '@mui/icons-material/Book';
import ClassIcon from '@mui/icons-material/Class';
import DescriptionIcon from '@mui/icons-material/Description';
import FolderIcon from '@mui/icons-material/Folder';
import GroupIcon from '@mui/icons-material/Group';
import HomeIcon from '@mui/icons-material/Home';
import QuizIcon from '@mui/icons-material/Quiz';
import SchoolIcon from '@mui/icons-material/School';
import EventIcon from '@mui/icons-material/Event';
import BarChartIcon from '@mui/icons-material/BarChart';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PersonIcon from '@mui/icons-material/Person';
import SecurityIcon from '@mui/icons-material/Security';
import StorageIcon from '@mui/icons-material/Storage';
import TimelineIcon from '@mui/icons-material/Timeline';
import ViewListIcon from '@mui/icons-material/ViewList';
import EditIcon from '@mui/icons-material/Edit';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import EventNoteIcon from '@mui/icons-material/EventNote';
import RateReviewIcon from '@mui/icons-material/RateReview';
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import LayersIcon from '@mui/icons-material/Layers';
import LockIcon from '@mui/icons-material/Lock';
import MessageIcon from '@mui/icons-material/Message';
import AppsIcon from '@mui/icons-material/Apps';
import CategoryIcon from '@mui/icons-material/Category';
import ExtensionIcon from '@mui/icons-material/Extension';
import WidgetsIcon from '@mui/icons-material/Widgets';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import CollectionsBookmarkIcon from '@mui/icons-material/CollectionsBookmark';
import LocalLibraryIcon from '@mui/icons-material/LocalLibrary';
import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import ApartmentIcon from '@mui/icons-material/Apartment';
import WorkIcon from '@mui/icons-material/Work';
import PieChartIcon from '@mui/icons-material/PieChart';
import InsightsIcon from '@mui/icons-material/Insights';
import ForumIcon from '@mui/icons-material/Forum';
import FeedIcon from '@mui/icons-material/Feed';
import TopicIcon from '@mui/icons-material/Topic';
import BallotIcon from '@mui/icons-material/Ballot';
import GradingIcon from '@mui/icons-material/Grading';
import HistoryIcon from '@mui/icons-material/History';
import LabelImportantOutlinedIcon from '@mui/icons-material/LabelImportantOutlined';

/**
 * Menu icons by name. Menus are edited by administrators, so the name is data: a curated set of
 * @mui/icons-material icons (importing all of them would add megabytes to the bundle), looked up
 * by their MUI name ('AccountTree') or the Material font name ('account_tree'), with a fallback.
 */
const ICONS: Record<string, ComponentType<SvgIconProps>> = {
  Dashboard: DashboardIcon,
  EventNote: EventNoteIcon,
  RateReview: RateReviewIcon,
  People: PeopleIcon,
  AccountTree: AccountTreeIcon,
  Badge: BadgeIcon,
  Menu: MenuIcon,
  Tune: TuneIcon,
  Campaign: CampaignIcon,
  Mail: MailIcon,
  Settings: SettingsIcon,
  Article: ArticleIcon,
  Assignment: AssignmentIcon,
  Book: BookIcon,
  Class: ClassIcon,
  Description: DescriptionIcon,
  Folder: FolderIcon,
  Group: GroupIcon,
  Home: HomeIcon,
  Quiz: QuizIcon,
  School: SchoolIcon,
  Event: EventIcon,
  BarChart: BarChartIcon,
  LibraryBooks: LibraryBooksIcon,
  MenuBook: MenuBookIcon,
  Notifications: NotificationsIcon,
  Person: PersonIcon,
  Security: SecurityIcon,
  Storage: StorageIcon,
  Timeline: TimelineIcon,
  ViewList: ViewListIcon,
  Edit: EditIcon,
  FactCheck: FactCheckIcon,
  AssignmentTurnedIn: AssignmentTurnedInIcon,
  EmojiEvents: EmojiEventsIcon,
  HelpOutline: HelpOutlineIcon,
  Layers: LayersIcon,
  Lock: LockIcon,
  Message: MessageIcon,
  Apps: AppsIcon,
  Category: CategoryIcon,
  Extension: ExtensionIcon,
  Widgets: WidgetsIcon,
  Inventory2: Inventory2Icon,
  CollectionsBookmark: CollectionsBookmarkIcon,
  LocalLibrary: LocalLibraryIcon,
  OndemandVideo: OndemandVideoIcon,
  VideoLibrary: VideoLibraryIcon,
  TaskAlt: TaskAltIcon,
  PlaylistAddCheck: PlaylistAddCheckIcon,
  AdminPanelSettings: AdminPanelSettingsIcon,
  ManageAccounts: ManageAccountsIcon,
  Apartment: ApartmentIcon,
  Work: WorkIcon,
  PieChart: PieChartIcon,
  Insights: InsightsIcon,
  Forum: ForumIcon,
  Feed: FeedIcon,
  Topic: TopicIcon,
  Ballot: BallotIcon,
  Grading: GradingIcon,
  History: HistoryIcon,
};

export const FallbackMenuIcon = LabelImportantOutlinedIcon;

/** 'account_tree' / 'account-tree' / 'AccountTree' → 'AccountTree'. */
export function iconKey(name: string): string {
  return name
    .trim()
    .split(/[_\-\s]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

export function menuIcon(name: string | undefined): ComponentType<SvgIconProps> {
  if (!name) return FallbackMenuIcon;
  return ICONS[iconKey(name)] ?? FallbackMenuIcon;
}

/** The names an administrator can choose from (for the menu editor). */
export const MENU_ICON_NAMES = Object.keys(ICONS);
