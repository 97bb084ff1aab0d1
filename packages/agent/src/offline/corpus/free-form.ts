// Evaluation corpus, part 3: descriptions written out by hand, in voices the generated ones do not
// cover (long paragraphs, jargon, asides, relations said in passing). Notation of descriptions.ts;
// `*` as a type accepts any type.
import type { CorpusCase } from './descriptions';

export const FREE_FORM: CorpusCase[] = [
  {
    text: 'a gym membership tracker with members (name, email, plan) and check-ins (member, date)',
    entities: { Member: 'name:*, email:email, plan:*', CheckIn: 'member:>Member, date:date' },
  },
  {
    text: 'I coach a small gym. I want to keep members, their plans and bookings. A member has a name and a phone number, a plan has a name and a price per month, a booking is a member on a date.',
    entities: {
      Member: 'name:*, phone_number|phone:phone',
      Plan: 'name:*, price_per_month|price:money',
      Booking: 'member:>Member, date:date',
    },
  },
  {
    text: 'teachers, classes and the marks linking them. Marks have a score and a date.',
    entities: { Teacher: '', Class: '', Mark: 'teacher:>Teacher, class:>Class, score:number, date:date' },
  },
  {
    text: 'A clinic app. Patients (name, phone, date of birth), doctors (name, speciality) and appointments with a date, the patient and the doctor.',
    entities: {
      Patient: 'name:*, phone:phone, date_of_birth:date',
      Doctor: 'name:*, speciality:*',
      Appointment: 'date:date, patient:>Patient, doctor:>Doctor',
    },
  },
  {
    text: 'Meal prep planner: recipes with name and calories, and a weekly plan where each plan entry is a day and a recipe.',
    entities: { Recipe: 'name:*, calories:integer', PlanEntry: 'day:*, recipe:>Recipe' },
  },
  {
    text: 'Our support desk gets tickets from customers. A ticket has a subject, a priority (P1, P2, P3), an SLA due date and whoever is assigned. Customers have a company name and an account manager.',
    entities: {
      Ticket:
        'subject:*, priority:enum, sla_due_date|due_date:date, assigned_to|assignee|assigned:*, customer:>Customer',
      Customer: 'company_name|company:*, account_manager:*',
    },
  },
  {
    text: "So basically I run a little pottery studio and I'm drowning in paper. People book firing slots for their pieces; I need to know the piece (what it is, glaze colour, weight in grams), who owns it, and which kiln firing it goes into (date, cone temperature, kiln = big or small).",
    entities: {
      Piece: 'glaze_colour|glaze_color|glaze:*, weight_in_grams|weight_grams|weight:number, owner:*',
      Firing: 'date:date, cone_temperature|temperature:*, kiln:enum',
    },
  },
  {
    text: 'guest list for our wedding: guests with name, plus one (yes/no), meal choice fish/beef/vegan and table',
    entities: { Guest: 'name:*, plus_one:boolean, meal_choice:enum, table:*' },
  },
  {
    text: 'ELN for the lab: protocols (title, version, author), runs that execute a protocol on a date with an operator, and reagents used in each run with lot number and amount.',
    entities: {
      Protocol: 'title:*, version:*, author:*',
      Run: 'protocol:>Protocol, date:date, operator:*',
      Reagent: 'run:>Run, lot_number:*, amount:number',
    },
  },
  {
    text: 'Inventory of the plants in my greenhouse. Plant: name, latin name, pot size, last repotted date, needs sun (yes/no). Pests: name, treatment. And outbreaks that link a pest to a plant with the date spotted.',
    entities: {
      Plant: 'name:*, latin_name:*, pot_size:*, last_repotted|last_repotted_date:date, needs_sun:boolean',
      Pest: 'name:*, treatment:*',
      Outbreak: 'pest:>Pest, plant:>Plant, date_spotted:date',
    },
  },
  {
    text: 'hi, me and my flatmates want app for shared expenses. expenses have what, amount, date and who paid. and flatmates with name and iban',
    entities: {
      Expense: 'what|description:*, amount:money, date:date, who_paid|paid_by:*',
      Flatmate: 'name:*, iban:*',
    },
  },
  {
    text: 'A board for tracking our content calendar: posts with title, channel (instagram, tiktok, blog), publish date, status draft/scheduled/live and the writer.',
    entities: { Post: 'title:*, channel:enum, publish_date:date, status:enum, writer:*' },
  },
  {
    text: 'Need to track the kids football team: players (name, number, position), matches (opponent, date, score) and who scored in which match (goals).',
    entities: {
      Player: 'name:*, number:integer, position:*',
      Match: 'opponent:*, date:date, score:*',
      Goal: 'player:>Player, match:>Match',
    },
  },
  {
    text: 'Our association organizes excursions. Participants sign up for excursions. Excursion: destination, date, price, max participants. Participant: firstname, lastname, email, emergency contact.',
    entities: {
      Excursion: 'destination:*, date:date, price:money, max_participants:integer',
      Participant: 'firstname|first_name:*, lastname|last_name:*, email:email, emergency_contact:*',
      'Signup|SignUp|Registration': 'participant:>Participant, excursion:>Excursion',
    },
  },
  {
    text: 'PM tool: projects -> milestones -> tasks. Project has name, client, budget. Milestone has name and due date. Task has title, estimate hours, done.',
    entities: {
      Project: 'name:*, client:*, budget:money',
      Milestone: 'name:*, due_date:date, project:>Project',
      Task: 'title:*, estimate_hours|estimate:number, done:boolean, milestone:>Milestone',
    },
  },
  {
    text: 'a spreadsheet replacement for our van hire: vans (reg, model, seats), hirers (name, licence no, phone) and hires with pick up date, return date, van, hirer and deposit.',
    entities: {
      Van: 'reg:*, model:*, seats:integer',
      Hirer: 'name:*, licence_no|licence_number:*, phone:phone',
      Hire: 'pick_up_date|pickup_date:date, return_date:date, van:>Van, hirer:>Hirer, deposit:money',
    },
  },
  {
    text: 'I teach piano. Pupils, their lessons and the invoices I send to parents. Pupil: name, grade. Lesson: date, length. Invoice: month, total, paid.',
    entities: {
      Pupil: 'name:*, grade:*',
      Lesson: 'date:date, length:*, pupil:>Pupil',
      Invoice: 'month:*, total:money, paid:boolean',
    },
  },
  {
    text: 'workshop registrations — workshops have a topic, a date, a trainer and seats; people register with their name and company.',
    entities: {
      Workshop: 'topic:*, date:date, trainer:*, seats:integer',
      'Registration|Person': 'name:*, company:*, workshop:>Workshop',
    },
  },
  {
    text: 'My little Etsy shop: listings (title, price, stock, photo), orders (buyer, shipping address, shipped?) and the order items connecting orders and listings with a quantity.',
    entities: {
      Listing: 'title:*, price:money, stock:integer, photo:image',
      Order: 'buyer:*, shipping_address:*, shipped:boolean',
      OrderItem: 'order:>Order, listing:>Listing, quantity:integer',
    },
  },
  {
    text: 'Keep a log of the fish in our aquarium tanks. Tanks: name, litres, water type freshwater or saltwater. Fish: species, nickname, tank, added on.',
    entities: {
      Tank: 'name:*, litres:number, water_type:enum',
      Fish: 'species:*, nickname:*, tank:>Tank, added_on:date',
    },
  },
  {
    text: 'Hey!! so i do nails from home, i want to keep my clients (name + insta handle) and appointments (date, time, design, price) thx',
    entities: {
      Client: 'name:*, insta_handle|instagram_handle|instagram:*',
      Appointment: 'date:date, time:*, design:*, price:money',
    },
  },
  {
    text: 'Condo association: units with unit number and owner, fees per unit per quarter with amount and paid flag, and votes on proposals (proposal title, unit, yes or no).',
    entities: {
      Unit: 'unit_number|number:*, owner:*',
      Fee: 'unit:>Unit, quarter:*, amount:money, paid:boolean',
      'Vote|Proposal': 'unit:>Unit',
    },
  },
  {
    text: 'Study planner. Subjects, exams for each subject (date, room, weight percent), and study sessions (subject, date, minutes, what I covered).',
    entities: {
      Subject: '',
      Exam: 'subject:>Subject, date:date, room:*, weight_percent|weight:number',
      StudySession: 'subject:>Subject, date:date, minutes:integer, what_i_covered|covered|topics:*',
    },
  },
  {
    text: 'A directory of local suppliers for our restaurant: supplier name, category (meat, veg, dairy, dry goods), phone, email, delivery days and a rating.',
    entities: { Supplier: 'name|supplier_name:*, category:enum, phone:phone, email:email, delivery_days:*, rating:*' },
  },
  {
    text: 'Track climbing sessions at the gym: routes (name, grade, colour, wall) and ascents that link a route to a date and a style (flash, onsight, redpoint).',
    entities: {
      Route: 'name:*, grade:*, colour|color:*, wall:*',
      Ascent: 'route:>Route, date:date, style:enum',
    },
  },
];
