import type { Messages } from '../i18n/types';
import { configMessages } from './config/messages';
import { courseCatalogMessages } from './courseCatalogs/messages';
import { repoCatalogMessages } from './repoCatalogs/messages';
import { questionMessages } from './questions/messages';
import { repoMessages } from './repos/messages';
import { courseRecordMessages } from './courseRecords/messages';
import { courseMessages } from './courses/messages';
import { departMessages } from './departs/messages';
import { examMessages } from './exams/messages';
import { statsMessages } from './exams/statsMessages';
import { markMessages } from './marking/messages';
import { paperMessages } from './papers/messages';
import { menuMessages } from './menus/messages';
import { msgMessages } from './messages/messages';
import { noticeMessages } from './notices/messages';
import { roleMessages } from './roles/messages';
import { sharedMessages } from './shared/messages';
import { userMessages } from './users/messages';

/** Every resource folder's own catalogue (each checked zh against en where it is defined). */
export const resourceCatalogues: Messages<unknown>[] = [sharedMessages, userMessages, departMessages, roleMessages, menuMessages, noticeMessages, msgMessages, configMessages, courseMessages, courseCatalogMessages, courseRecordMessages, repoCatalogMessages, repoMessages, questionMessages, examMessages, statsMessages, paperMessages, markMessages];
