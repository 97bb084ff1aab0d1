import { describe, expect, it } from 'vitest';
import { varsOf } from './app-model';
import { EMPTY_SNAPSHOT, compileErrors, errorsOf, runTurn } from './test-helpers';

async function build(description: string) {
  const run = await runTurn(EMPTY_SNAPSHOT, description);
  expect(errorsOf(run.issues)).toEqual([]);
  expect(await compileErrors(run.snapshot)).toEqual([]);
  return run;
}

describe('the offline builder builds the nouns written, with the user’s words', () => {
  it('"check-ins" is a CheckIn linked to its member, and the app builds', async () => {
    const { snapshot } = await build(
      'a gym membership tracker with members (name, email, plan) and check-ins (member, date)',
    );
    expect(Object.keys(snapshot.entities)).toEqual(['Member', 'CheckIn']);
    expect(snapshot.entities.CheckIn!.properties.member_id).toEqual({ type: 'string' });
  });

  it('names every entity of a sentence that lists them, and the one linking the others', async () => {
    const gym = await build(
      'I want to keep members, their plans and bookings. A member has a name and a phone number, a plan has a name and a price per month.',
    );
    expect(Object.keys(gym.snapshot.entities)).toEqual(['Member', 'Plan', 'Booking']);
    expect(gym.snapshot.entities.Plan!.properties.price_per_month).toBeDefined();
    const school = await build('teachers, classes and the marks linking them. Marks have a score and a date.');
    expect(Object.keys(school.snapshot.entities).sort()).toEqual(['Class', 'Mark', 'Teacher']);
    expect(Object.keys(school.snapshot.entities.Mark!.properties)).toEqual(
      expect.arrayContaining(['score', 'date', 'teacher_id', 'class_id']),
    );
  });

  it('a generic word ("library", "directory") never replaces the nouns written', async () => {
    const contracts = await build(
      'library of supplier contracts:\n- suppliers: name, contact email, country\n- contracts: title, supplier, start date, end date, value',
    );
    expect(Object.keys(contracts.snapshot.entities)).toEqual(['Supplier', 'Contract']);
    const suppliers = await build(
      'A directory of local suppliers for our restaurant: supplier name, phone, email and a rating.',
    );
    expect(Object.keys(suppliers.snapshot.entities)).toEqual(['Supplier']);
  });

  it('a title added for lists is not required, and people get people’s names', async () => {
    const { snapshot, records } = await build(
      'A clinic app. Patients (name, phone, date of birth), doctors (name, speciality) and appointments with a date, the patient and the doctor.',
    );
    expect(snapshot.entities.Appointment!.required ?? []).not.toContain('title');
    expect(records.Doctor!.map((r) => r.name)).not.toContain('First doctor');
  });

  it('a record variable is never a reserved word', () => {
    expect(varsOf('In')).toEqual({ one: 'inRecord', many: 'ins' });
    expect(varsOf('Case').one).toBe('caseRecord');
    expect(varsOf('Do').one).toBe('doRecord');
  });
});
