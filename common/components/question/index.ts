export { QuestionAnswer, hasAnswer, stripTags, type AnswerableQu, type QuestionAnswerProps } from './QuestionAnswer';
export { QuestionReview, type QuestionReviewProps } from './QuestionReview';
export { QuStem, countBlanks } from './QuStem';
export { optionLetter } from './letters';
export { CombinedFeedback, CombinedVerdict, hasShortPart } from './CombinedFeedback';
