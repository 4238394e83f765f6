import contentDisposition from 'content-disposition';
import { statsAnswersApi, statsApi } from '../../../common/api';
import { route } from '../../lib/route';
import { caller, type App } from '../../types';
import { XLSX_MIME } from '../qu/qu.transfer';
import { examAnswers, examQuestions, examSummary, exportStats, mastery, myDistribution, rebuildExam, rebuildProgress, stopRecording } from './stats.service';

export default async function statsRoutes(app: App) {
  const ctx = app.ctx;
  app.addHook('onClose', async () => stopRecording(ctx));
  route(app, statsApi.summary, (req) => examSummary(ctx, req.body));
  route(app, statsApi.questions, (req) => examQuestions(ctx, req.body));
  route(app, statsAnswersApi.answers, (req) => examAnswers(ctx, req.body));
  route(app, statsApi.mastery, (req) => mastery(ctx, caller(req), req.body));
  route(app, statsApi.distribution, (req) => myDistribution(ctx, caller(req).id, req.body.examId));
  route(app, statsApi.rebuild, (req) => rebuildExam(ctx, req.body.examId));
  route(app, statsApi.rebuildProgress, async (req) => rebuildProgress(ctx, req.body.examId));
  route(app, statsApi.export, async (req, reply) => {
    const file = await exportStats(ctx, req.body);
    return reply.header('Content-Type', XLSX_MIME).header('Content-Disposition', contentDisposition(file.fileName)).send(file.data);
  });
}
