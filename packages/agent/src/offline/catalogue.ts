// What the offline builder knows about common apps: entities with good default fields, the app kinds
// they make up, an icon per entity and sample titles for seed data.

/** A well-known entity: its fields written like a description (`*` = required), an icon, sample titles. */
export interface KnownEntity {
  fields: string;
  icon: string;
  samples: string[];
}

/** Entities the builder knows by name, with the fields they get when none are given. */
export const KNOWN_ENTITIES: Record<string, KnownEntity> = {
  Task: {
    fields: 'title*, done, due date, priority (low, medium, high), notes, project',
    icon: 'SquareCheck',
    samples: [
      'Plan the week',
      'Reply to Sam about the launch',
      'Book the dentist',
      'Write the quarterly report',
      'Water the plants',
    ],
  },
  Project: {
    fields: 'name*, description, deadline',
    icon: 'Folder',
    samples: ['Website redesign', 'Home renovation', 'Q3 marketing'],
  },
  Customer: {
    fields: 'name*, email, phone, company, status (lead, active, inactive), notes',
    icon: 'Users',
    samples: ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Katherine Johnson'],
  },
  Deal: {
    fields: 'title*, customer, value (number), stage (new, qualified, proposal, won, lost), close date',
    icon: 'Handshake',
    samples: ['Wedding cake order', 'Weekly office pastries', 'Catering for the fair'],
  },
  Contact: {
    fields: 'name*, email, phone, company, birthday, notes',
    icon: 'Contact',
    samples: ['Ada Lovelace', 'Grace Hopper', 'Alan Turing'],
  },
  Recipe: {
    fields:
      'title*, description, category (breakfast, lunch, dinner, dessert, snack), prep time minutes (number), servings, ingredients, instructions, photo, favorite',
    icon: 'ChefHat',
    samples: ['Lemon pancakes', 'Tomato basil soup', 'Chickpea curry', 'Chocolate mousse'],
  },
  Habit: {
    fields: 'name*, description, frequency (daily, weekly), target per week (number), active (yes/no)',
    icon: 'Repeat',
    samples: ['Morning run', 'Read 20 pages', 'Meditate', 'Drink water'],
  },
  CheckIn: {
    fields: 'habit, date*, note',
    icon: 'CalendarCheck',
    samples: ['Felt great', 'Short session today', 'Back on track'],
  },
  Product: {
    fields: 'name*, description, price, stock, category, image, supplier',
    icon: 'Package',
    samples: ['Sourdough loaf', 'Oat milk', 'Espresso beans', 'Ceramic mug'],
  },
  Supplier: {
    fields: 'name*, email, phone, website',
    icon: 'Truck',
    samples: ['Northern Mills', 'Green Valley Farms', 'Roastery Co.'],
  },
  Order: {
    fields:
      'customer name*, email, product, quantity, total, status (pending, paid, shipped, delivered, cancelled), order date',
    icon: 'ShoppingCart',
    samples: ['Jamie Fox', 'Priya Shah', 'Leo Martin'],
  },
  Expense: {
    fields: 'title*, amount*, date, category (food, transport, housing, entertainment, health, other), paid, notes',
    icon: 'Receipt',
    samples: ['Groceries', 'Train ticket', 'Electricity bill', 'Cinema'],
  },
  Budget: {
    fields: 'name*, category (food, transport, housing, entertainment, health, other), monthly limit (number)',
    icon: 'Wallet',
    samples: ['Food', 'Getting around', 'Fun'],
  },
  Note: {
    fields: 'title*, content, tags, pinned',
    icon: 'StickyNote',
    samples: ['Meeting notes', 'Gift ideas', 'Books to read'],
  },
  JournalEntry: {
    fields: 'title*, date, mood (great, good, okay, bad), content',
    icon: 'NotebookPen',
    samples: ['A quiet Sunday', 'First day at the new job', 'Trip to the coast'],
  },
  Event: {
    fields: 'name*, starts at, location, description, capacity',
    icon: 'CalendarDays',
    samples: ['Summer party', 'Team offsite', 'Book club'],
  },
  Attendee: {
    fields: 'name*, email, event, rsvp (yes, no, maybe)',
    icon: 'UserCheck',
    samples: ['Ada Lovelace', 'Grace Hopper', 'Alan Turing'],
  },
  Book: {
    fields: 'title*, author, genre, pages, status (to read, reading, finished), rating, cover image, finished on',
    icon: 'BookOpen',
    samples: ['The Left Hand of Darkness', 'Middlemarch', 'Project Hail Mary'],
  },
  Author: {
    fields: 'name*, bio, website',
    icon: 'PenTool',
    samples: ['Ursula K. Le Guin', 'George Eliot', 'Andy Weir'],
  },
  Workout: {
    fields: 'name*, date, type (strength, cardio, mobility, sports), duration minutes (number), calories, notes',
    icon: 'Dumbbell',
    samples: ['Leg day', 'Easy 5k', 'Evening yoga'],
  },
  Exercise: {
    fields: 'name*, workout, sets, reps, weight',
    icon: 'Activity',
    samples: ['Squat', 'Bench press', 'Deadlift'],
  },
  Post: {
    fields: 'title*, content, cover image, tags, published, published at',
    icon: 'FileText',
    samples: ['Hello world', 'What we learned this year', 'Five tips for beginners'],
  },
  Category: { fields: 'name*, description', icon: 'Tag', samples: ['News', 'Guides', 'Stories'] },
  MenuItem: {
    fields: 'name*, description, price, category (starters, mains, desserts, drinks), image, available',
    icon: 'Utensils',
    samples: ['Tomato bruschetta', 'Mushroom risotto', 'Tiramisu', 'Lemonade'],
  },
  Reservation: {
    fields:
      'name*, email, phone, party size (number), reserved at, status (requested, confirmed, seated, cancelled), notes',
    icon: 'CalendarClock',
    samples: ['Jamie Fox', 'Priya Shah', 'Leo Martin'],
  },
  Application: {
    fields:
      'company*, role*, status (applied, interviewing, offer, rejected), applied on, job link (url), salary, notes',
    icon: 'Briefcase',
    samples: ['Acme Corp', 'Globex', 'Initech'],
  },
  Interview: {
    fields: 'title*, application, scheduled at, interviewer, notes',
    icon: 'MessagesSquare',
    samples: ['Phone screen', 'Technical interview', 'Final round'],
  },
  Appointment: {
    fields:
      'title*, client, service (consultation, follow up, treatment), starts at, status (booked, completed, cancelled), notes',
    icon: 'CalendarClock',
    samples: ['First consultation', 'Follow-up visit', 'Treatment session'],
  },
  Client: {
    fields: 'name*, email, phone, notes',
    icon: 'Users',
    samples: ['Ada Lovelace', 'Grace Hopper', 'Alan Turing'],
  },
  Movie: {
    fields: 'title*, genre, year, rating, watched, poster image, notes',
    icon: 'Film',
    samples: ['Spirited Away', 'Arrival', 'Paddington 2'],
  },
  Ticket: {
    fields:
      'subject*, description, requester email, priority (low, medium, high, urgent), status (open, pending, resolved, closed)',
    icon: 'LifeBuoy',
    samples: ['Cannot log in', 'Invoice is missing', 'Feature request: dark mode'],
  },
  Student: {
    fields: 'name*, email, course, grade (number)',
    icon: 'GraduationCap',
    samples: ['Ada Lovelace', 'Grace Hopper', 'Alan Turing'],
  },
  Course: {
    fields: 'name*, teacher, description, start date',
    icon: 'School',
    samples: ['Algebra I', 'World History', 'Creative Writing'],
  },
  Trip: {
    fields: 'destination*, start date, end date, budget, notes',
    icon: 'Plane',
    samples: ['Lisbon', 'Kyoto', 'Lake District'],
  },
  Plant: {
    fields: 'name*, species, location, watering (daily, weekly, biweekly, monthly), last watered (date), photo, notes',
    icon: 'Sprout',
    samples: ['Monstera', 'Basil', 'Fiddle leaf fig'],
  },
  Employee: {
    fields: 'name*, email, role, department, start date, phone',
    icon: 'IdCard',
    samples: ['Ada Lovelace', 'Grace Hopper', 'Alan Turing'],
  },
  Member: {
    fields: 'name*, email, phone, role, joined on',
    icon: 'Users',
    samples: ['Ada Lovelace', 'Grace Hopper', 'Alan Turing'],
  },
};

/** A kind of app: the words that reveal it, the entities it needs, its default name and palette. */
export interface AppKind {
  id: string;
  pattern: RegExp;
  name: string;
  entities: string[];
  palette: string;
  summary: string;
}

/** Kinds of app, checked in order: the first whose pattern matches a description wins. */
export const APP_KINDS: AppKind[] = [
  {
    id: 'tasks',
    pattern: /\b(tasks?|to-?dos?|kanban|project management|projects?)\b/,
    name: 'Task Tracker',
    entities: ['Task', 'Project'],
    palette: 'indigo',
    summary: 'keep track of tasks and projects',
  },
  {
    id: 'recipes',
    pattern: /\b(recipes?|cook(ing|book)?|meals?|kitchen)\b/,
    name: 'Recipe Book',
    entities: ['Recipe'],
    palette: 'orange',
    summary: 'collect and cook your favourite recipes',
  },
  {
    id: 'crm',
    pattern: /\b(crm|customer relationships?|sales pipeline|leads|deals|customers)\b/,
    name: 'CRM',
    entities: ['Customer', 'Deal'],
    palette: 'blue',
    summary: 'manage customers and deals',
  },
  {
    id: 'habits',
    pattern: /\bhabits?\b/,
    name: 'Habit Tracker',
    entities: ['Habit', 'CheckIn'],
    palette: 'emerald',
    summary: 'build habits and log check-ins',
  },
  {
    id: 'inventory',
    pattern: /\b(inventory|stock|warehouse|supplies|suppliers)\b/,
    name: 'Inventory',
    entities: ['Product', 'Supplier'],
    palette: 'teal',
    summary: 'track products, stock and suppliers',
  },
  {
    id: 'expenses',
    pattern: /\b(expenses?|budgets?|spending|personal finance|money)\b/,
    name: 'Expense Tracker',
    entities: ['Expense', 'Budget'],
    palette: 'green',
    summary: 'track spending against budgets',
  },
  {
    id: 'journal',
    pattern: /\b(journal|diary|gratitude)\b/,
    name: 'Journal',
    entities: ['JournalEntry'],
    palette: 'rose',
    summary: 'write journal entries and track your mood',
  },
  {
    id: 'notes',
    pattern: /\b(notes?|note-taking|notebook|wiki|knowledge base)\b/,
    name: 'Notes',
    entities: ['Note'],
    palette: 'amber',
    summary: 'write and organise notes',
  },
  {
    id: 'events',
    pattern: /\b(events?|rsvps?|party|parties|conference|meetups?|wedding)\b/,
    name: 'Event Planner',
    entities: ['Event', 'Attendee'],
    palette: 'purple',
    summary: 'plan events and track who is coming',
  },
  {
    id: 'books',
    pattern: /\b(books?|reading( list)?|library|novels?)\b/,
    name: 'Reading List',
    entities: ['Book', 'Author'],
    palette: 'brown',
    summary: 'track the books you read',
  },
  {
    id: 'fitness',
    pattern: /\b(workouts?|fitness|gym|exercises?|training)\b/,
    name: 'Workout Log',
    entities: ['Workout', 'Exercise'],
    palette: 'red',
    summary: 'log workouts and exercises',
  },
  {
    id: 'blog',
    pattern: /\b(blog|posts?|articles?|cms|newsletter)\b/,
    name: 'Blog',
    entities: ['Post', 'Category'],
    palette: 'violet',
    summary: 'write and publish posts',
  },
  {
    id: 'restaurant',
    pattern: /\b(restaurant|cafe|café|menu|bistro|diner|reservations?)\b/,
    name: 'Restaurant',
    entities: ['MenuItem', 'Reservation'],
    palette: 'orange',
    summary: 'manage the menu and reservations',
  },
  {
    id: 'shop',
    pattern: /\b(shop|store|e-?commerce|orders?|products?|sell(ing)?)\b/,
    name: 'Shop',
    entities: ['Product', 'Order'],
    palette: 'pink',
    summary: 'manage products and orders',
  },
  {
    id: 'jobs',
    pattern: /\b(job (hunt|search|applications?)|job tracker|applications?|interviews?)\b/,
    name: 'Job Tracker',
    entities: ['Application', 'Interview'],
    palette: 'sky',
    summary: 'track job applications and interviews',
  },
  {
    id: 'appointments',
    pattern: /\b(appointments?|bookings?|salon|clinic|scheduling|clients)\b/,
    name: 'Appointments',
    entities: ['Appointment', 'Client'],
    palette: 'teal',
    summary: 'schedule appointments with clients',
  },
  {
    id: 'movies',
    pattern: /\b(movies?|films?|watchlist|tv shows?|series)\b/,
    name: 'Watchlist',
    entities: ['Movie'],
    palette: 'violet',
    summary: 'keep a list of films to watch',
  },
  {
    id: 'helpdesk',
    pattern: /\b(support|help ?desk|tickets?|bugs?|issue tracker)\b/,
    name: 'Help Desk',
    entities: ['Ticket'],
    palette: 'blue',
    summary: 'handle support tickets',
  },
  {
    id: 'contacts',
    pattern: /\b(contacts?|address book)\b/,
    name: 'Contacts',
    entities: ['Contact'],
    palette: 'sky',
    summary: 'keep your contacts in one place',
  },
  {
    id: 'plants',
    pattern: /\b(plants?|garden(ing)?)\b/,
    name: 'Plant Care',
    entities: ['Plant'],
    palette: 'green',
    summary: 'remember when to water your plants',
  },
  {
    id: 'school',
    pattern: /\b(students?|school|courses?|classes|grades|teachers?)\b/,
    name: 'School',
    entities: ['Student', 'Course'],
    palette: 'blue',
    summary: 'manage students and courses',
  },
  {
    id: 'travel',
    pattern: /\b(trips?|travel|vacations?|holidays?)\b/,
    name: 'Trip Planner',
    entities: ['Trip'],
    palette: 'sky',
    summary: 'plan your trips',
  },
  {
    id: 'team',
    pattern: /\b(team|employees?|staff|hr|members?)\b/,
    name: 'Team Directory',
    entities: ['Employee'],
    palette: 'slate',
    summary: 'know who is on the team',
  },
];

/** Words in a description that suggest a palette (checked after explicit colour requests). */
export const PALETTE_HINTS: Array<[RegExp, string]> = [
  [/\b(bakery|bread|pastry|coffee|cafe|café)\b/, 'amber'],
  [/\b(garden|plants?|eco|nature|farm)\b/, 'green'],
  [/\b(ocean|sea|beach|travel|sky)\b/, 'sky'],
  [/\b(love|wedding|beauty|salon)\b/, 'rose'],
  [/\b(health|clinic|medical|wellness)\b/, 'teal'],
  [/\b(kids|school|fun|party)\b/, 'purple'],
];

/** Icon of an entity the catalogue does not know. */
export const DEFAULT_ENTITY_ICON = 'FileText';
