import type { DomainBus } from '../context';
import type { App } from '../types';
import { subscribeAccess } from './access/access.events';
import { subscribeExam } from './exam/exam.events';
import { subscribeFace } from './identity/face/face.events';
import { subscribeMsg } from './msg/msg.events';
import { subscribePaper } from './paper/paper.events';
import { subscribeQu } from './qu/qu.events';
import { subscribeStats } from './stats/stats.events';
import { subscribeWrongBook } from './wrongbook/wrongbook.events';
import authRoutes from './identity/auth.routes';
import ssoRoutes from './identity/sso/sso.routes';
import faceRoutes from './identity/face/face.routes';
import configRoutes from './config/config.routes';
import dashboardRoutes from './dashboard/dashboard.routes';
import departRoutes from './depart/depart.routes';
import fileRoutes from './file/file.routes';
import jobRoutes from './job/job.routes';
import menuRoutes from './menu/menu.routes';
import msgRoutes from './msg/msg.routes';
import noticeRoutes from './notice/notice.routes';
import roleRoutes from './role/role.routes';
import userRoutes from './user/user.routes';
import courseRoutes from './course/course.routes';
import quRoutes from './qu/qu.routes';
import examRoutes from './exam/exam.routes';
import paperRoutes from './paper/paper.routes';
import practiceRoutes from './practice/practice.routes';
import rankingRoutes from './ranking/ranking.routes';
import statsRoutes from './stats/stats.routes';
import wrongBookRoutes from './wrongbook/wrongbook.routes';

/** Every module's routes, registered in order by app.ts. Add a module by adding its routes here. */
export const modules: Array<(app: App) => Promise<void>> = [
  authRoutes, ssoRoutes, faceRoutes, configRoutes, userRoutes, fileRoutes, jobRoutes,
  departRoutes, roleRoutes, menuRoutes, msgRoutes, noticeRoutes, dashboardRoutes,
  quRoutes, examRoutes, paperRoutes, wrongBookRoutes, practiceRoutes, courseRoutes, rankingRoutes, statsRoutes,
];

/**
 * Every module's subscriptions to domain events (server/events.ts), made once per app before its
 * routes: a module reacts to another's events here instead of being called by it.
 */
export const subscriptions: Array<(bus: DomainBus) => void> = [subscribeAccess, subscribeExam, subscribeQu, subscribePaper, subscribeWrongBook, subscribeMsg, subscribeStats, subscribeFace];
