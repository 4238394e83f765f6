import type { DomainBus } from '../../../context';
import { forgetRemovedUsers } from './face.service';

/** What the face module does when something happens elsewhere. */
export function subscribeFace(bus: DomainBus): void {
  // A deleted user's enrolment and kept photo go with them (the photo is personal data).
  bus.on('user.removed', 'transaction', 'face.forget', (tx, e) => forgetRemovedUsers(tx, e.userIds));
}
