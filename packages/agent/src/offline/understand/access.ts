// Who may see an entity's records. Personal data stays with the person who entered it; a shared
// catalogue (a club's books, a school's courses, a menu) is readable by every signed-in user of the
// app and written by its creator. See docs/entity-access.md for the levels.
import type { EntityPermissions } from '@tessera/contracts/entities';

const PEOPLE =
  /^(Member|Person|Student|Client|Customer|Contact|Guest|Player|Volunteer|Tenant|Owner|Driver|Adopter|Runner|Flatmate|Speaker|Employee|Patient|Child|Subscriber|Attendee|Author|Teacher|Coach|Instructor|Friend|Visitor|User|Applicant|Candidate|Donor|Parent|Vendor|Supplier|NewHire|Hire|Staff|Lead|Artist|Host|Doctor|Dentist|Therapist|Nurse|Trainer|Stylist|Cleaner|Musician|Singer|Mentor|Mentee|Gardener|Neighbour|Neighbor|Hirer|Pupil|Learner|Translator|Judge|Scout|Swimmer|Contributor|Participant|Reviewer|Tutor|Worker|Inspector|Photographer|Freelancer|Landlord|Agent|Swapper|Borrower|Athlete)$/;
const PERSONAL_FIELDS = /(^|_)(email|phone|mobile|address|birthday|date_of_birth|dob|salary|allergies|diagnosis)(_|$)/;
const SHARED_WORDS =
  /\b(shared|share|everyone|whole team|all (?:the )?(?:students|members|staff|users|employees)|readable by|visible to|public|our (?:club|team|office|school|group|community|studio|library|band|class)|club|community|neighbou?rhood|makerspace|office library|catalogue|catalog)\b/i;

/** True when records of the entity are about people. */
export function isPersonEntity(name: string): boolean {
  return PEOPLE.test(name);
}

/**
 * Sets each plan's permissions: creator-only by default; when the description is for a group, entities
 * without personal data become readable by every signed-in user. Returns whether anything is shared.
 */
export function accessOf(
  text: string,
  plans: Array<{ name: string; fields: Array<{ key: string }>; permissions: EntityPermissions }>,
): boolean {
  if (!SHARED_WORDS.test(text)) return false;
  let shared = false;
  for (const plan of plans) {
    const personal = isPersonEntity(plan.name) || plan.fields.some((f) => PERSONAL_FIELDS.test(f.key));
    if (personal) continue;
    plan.permissions = { read: 'all', write: 'creator' };
    shared = true;
  }
  return shared;
}
