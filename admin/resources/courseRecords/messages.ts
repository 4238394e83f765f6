import { defineMessages } from '../../i18n/types';

export const courseRecordMessages = defineMessages(
  {
    resources: {
      'course/record': {
        name: '学习记录 |||| 学习记录',
        fields: {
          courseId: '课程',
          deptId: '部门',
          realName: '姓名',
          userName: '用户名',
          deptName: '部门',
          state: '状态',
          progress: '进度',
          learned: '学习时长',
          files: '完成课件',
          startTime: '开始时间',
          finishTime: '完成时间',
          lastTime: '最近学习',
        },
      },
    },
    examhall: {
      courseRecords: {
        title: '学习记录',
        pickCourse: '请选择课程',
        pickCourseHint: '选择一门课程，查看其学习范围内每位学员的进度、时长和完成情况。',
        empty: '没有符合条件的学员',
        overdue: '已逾期',
        userCourses: '%{name} 的课程',
        userEmpty: '该学员还没有可学习的课程',
        title2: '课程',
      },
    },
  },
  {
    resources: {
      'course/record': {
        name: 'Learning record |||| Learning records',
        fields: {
          courseId: 'Course',
          deptId: 'Department',
          realName: 'Name',
          userName: 'User name',
          deptName: 'Department',
          state: 'State',
          progress: 'Progress',
          learned: 'Time learned',
          files: 'Files done',
          startTime: 'Started',
          finishTime: 'Finished',
          lastTime: 'Last learned',
        },
      },
    },
    examhall: {
      courseRecords: {
        title: 'Learning records',
        pickCourse: 'Choose a course',
        pickCourseHint: "Choose a course to see each learner of its audience with progress, time and completion.",
        empty: 'No learners match',
        overdue: 'Overdue',
        userCourses: "%{name}'s courses",
        userEmpty: 'No courses open to this learner',
        title2: 'Course',
      },
    },
  },
);
