// The learner's class and subject choices, untimed mode and interface language.
import { SetClass, SetLanguage, SetSubject, SetUntimed } from '@lp/contracts';
import { addRoute, badRequest, unauthorized, type ServiceApp } from '@lp/service-kit';
import { setUntimedAndAnnounce } from '../../events/user-upserted';
import { toUser } from '../../repositories/users';
import type { Identity } from '../../identity';

const OBJECT_ID = /^[0-9a-fA-F]{24}$/;

export async function userRoutes(app: ServiceApp, identity: Identity) {
  addRoute(app, SetClass, async (request) => {
    const user = await identity.users.setClass(request.user!.sub, request.body.selectedClass);
    if (!user) throw unauthorized();
    return toUser(user);
  });

  addRoute(app, SetSubject, async (request) => {
    const subjectId = request.body.selectedSubject.trim();
    if (!OBJECT_ID.test(subjectId)) {
      throw badRequest('selectedSubject must be a subject id (24 hexadecimal characters) from /api/subjects/with-chapters.', 'VALIDATION');
    }
    if (!(await identity.subjects.exists(subjectId))) {
      throw badRequest(`There is no subject with id ${subjectId}. Choose a subject listed by /api/subjects/with-chapters.`, 'UNKNOWN_SUBJECT');
    }
    const user = await identity.users.setSubject(request.user!.sub, subjectId.toLowerCase());
    if (!user) throw unauthorized();
    return toUser(user);
  });

  addRoute(app, SetUntimed, async (request) => {
    const user = await setUntimedAndAnnounce(identity.bus, identity.users, request.user!.sub, request.body.untimed);
    if (!user) throw unauthorized();
    return toUser(user);
  });
  addRoute(app, SetLanguage, async (request) => {
    const user = await identity.users.setLanguage(request.user!.sub, request.body.language);
    if (!user) throw unauthorized();
    return toUser(user);
  });
}
