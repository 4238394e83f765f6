import { examApi } from '../../../common/api/exam';
import { route } from '../../lib/route';
import { caller, type App } from '../../types';
import * as exams from './exam.service';

export default async function examRoutes(app: App) {
  const { ctx } = app;
  exams.registerExamHooks(ctx);

  route(app, examApi.paging, (req) => exams.pagingExams(ctx, req.body));
  route(app, examApi.detail, (req) => exams.getExam(ctx, req.body.id));
  route(app, examApi.save, (req) => exams.saveExam(ctx, caller(req).id, req.body));
  route(app, examApi.check, async (req) => {
    const { repoIds: _ids, ...check } = await exams.checkGroups(ctx, req.body.groups);
    return check;
  });
  route(app, examApi.preview, (req) => exams.previewExam(ctx, req.body));
  route(app, examApi.delete, async (req) => {
    await exams.deleteExams(ctx, req.body.ids);
    return null;
  });
  route(app, examApi.state, async (req) => {
    await exams.setExamsState(ctx, req.body.ids, req.body.state);
    return null;
  });
  route(app, examApi.audience, (req) => exams.audienceSize(ctx, req.body.id));
}
