import contentDisposition from 'content-disposition';
import { onlineExamApi, userExamApi } from '../../../common/api/exam';
import { markApi, paperApi } from '../../../common/api/paper';
import { route } from '../../lib/route';
import { caller, type App } from '../../types';
import * as marking from './mark.service';
import * as online from './online.service';
import * as records from './paper.records';
import { exportPapers, paperAdminDetail, paperResult, pagingPapers } from './paper.result';
import * as papers from './paper.service';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export default async function paperRoutes(app: App) {
  const { ctx } = app;
  // ---------- the learner's exams ----------
  route(app, onlineExamApi.onlinePaging, (req) => online.onlinePaging(ctx, caller(req).id, req.body));
  route(app, onlineExamApi.onlineDetail, (req) => online.onlineDetail(ctx, caller(req).id, req.body.id));

  // ---------- taking an exam ----------
  route(app, paperApi.checkProcess, (req) => papers.checkProcess(ctx, caller(req).id));
  route(app, paperApi.preCheck, (req) => papers.preCheck(ctx, { userId: caller(req).id, ip: req.ip, password: req.body.password }, req.body.examId));
  route(app, paperApi.createPaper, (req) => papers.createPaper(ctx, caller(req), { userId: caller(req).id, ip: req.ip, password: req.body.password }, req.body.examId));
  route(app, paperApi.paperDetail, (req) => papers.paperDetail(ctx, caller(req).id, req.body.id));
  route(app, paperApi.quDetail, (req) => papers.paperQuDetail(ctx, caller(req).id, req.body.paperId, req.body.quId));
  route(app, paperApi.fillAnswer, (req) => papers.fillAnswer(ctx, caller(req).id, req.body));
  route(app, paperApi.leftTime, (req) => papers.leftTime(ctx, caller(req).id, req.body.id));
  route(app, paperApi.handExam, (req) => papers.handExam(ctx, caller(req).id, req.body.id, req.body.type));
  route(app, paperApi.event, (req) => papers.paperEvent(ctx, caller(req).id, req.body));
  route(app, paperApi.paperResult, (req) => paperResult(ctx, caller(req).id, req.body.id));
  route(app, paperApi.paging, (req) => pagingPapers(ctx, caller(req), req.body));
  route(app, paperApi.detail, (req) => paperAdminDetail(ctx, req.body.id));
  route(app, paperApi.export, async (req, reply) => {
    const file = await exportPapers(ctx, caller(req), req.body.params);
    return reply.header('Content-Type', XLSX_MIME).header('Content-Disposition', contentDisposition(file.fileName)).send(file.data);
  });

  // ---------- records ----------
  route(app, userExamApi.myPaging, (req) => records.myRecords(ctx, caller(req).id, req.body));
  route(app, userExamApi.paging, (req) => records.allRecords(ctx, req.body));

  // ---------- marking ----------
  route(app, markApi.examPaging, (req) => marking.examsToMark(ctx, req.body));
  route(app, markApi.paperPaging, (req) => marking.papersToMark(ctx, req.body));
  route(app, markApi.paper, (req) => marking.markPaper(ctx, req.body.id));
  route(app, markApi.quList, (req) => marking.quListToMark(ctx, req.body.examId));
  route(app, markApi.quAnswers, (req) => marking.quAnswersToMark(ctx, req.body));
  route(app, markApi.score, (req) => marking.scoreAnswer(ctx, req.body));
  route(app, markApi.finish, (req) => marking.finishMarking(ctx, caller(req).id, req.body.id));
  route(app, markApi.finishMarked, (req) => marking.finishAllMarked(ctx, caller(req).id, req.body.examId));

}
