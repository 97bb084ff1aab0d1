/**
 * The starter templates every install ships with (docs/product/templates.md#starter-templates):
 * apps the built-in app builder makes from a description, and single AI tools with their
 * instructions and one data document. They live here, in the repository, not in the database, so a
 * restart or a second process never duplicates them; the gallery lists them after the admins' own
 * templates unless an admin hides them on /admin.
 */
export interface StarterApp {
  id: string;
  appType: 'generated';
  name: string;
  category: string;
  description: string;
  /** What the built-in app builder is asked to build (its first chat turn). */
  prompt: string;
}

export interface StarterTool {
  id: string;
  appType: 'tool';
  name: string;
  category: string;
  description: string;
  tool: { title: string; path: string; instructions: string; inputLabel: string; examples: [string, string, string] };
  /** The document the tool answers from: one text data item. */
  data: { name: string; text: string };
}

export type Starter = StarterApp | StarterTool;

/** The install setting (install_settings) an admin turns off to hide the starters; absent means shown. */
export const SHOW_STARTERS_SETTING = 'showStarterTemplates';

/** The gallery id of a starter: never a UUID, so it cannot name an admin's template app. */
export const STARTER_ID_PREFIX = 'starter-';

const RETURN_POLICY = `# Return policy

You can return most items within 30 days of delivery for a full refund. Items must be unused, with the tags still attached, in their original packaging.

Swimwear, underwear and earrings cannot be returned for hygiene reasons. Gift cards cannot be returned.

Sale items can be returned within 14 days and are refunded as store credit.

Refunds go back to the original payment method within 5 business days after we receive the item.

Return shipping is free for orders over 50 euros; otherwise a 4.95 euro label fee is deducted from the refund.`;

const MENU = `# Trattoria Verde menu

Margherita pizza costs 11 euros: tomato, mozzarella and basil. It is vegetarian.

Pizza diavola costs 13 euros: tomato, mozzarella and spicy salami.

Mushroom risotto costs 15 euros and is vegetarian and gluten-free.

Lasagne costs 14 euros and contains beef, pork, milk and wheat.

Tiramisu costs 7 euros and contains eggs, milk, coffee and wheat.

We are open Tuesday to Sunday from 12:00 to 22:30. We are closed on Mondays.

Gluten-free pizza bases are available for 2 euros extra.`;

const HANDBOOK = `# Employee handbook

Full-time employees get 25 days of paid holiday a year, plus public holidays. Unused holiday of up to 5 days carries over to the next year.

Sick leave: tell your manager before 10:00 on the first day. A doctor's note is needed from the fourth day of absence.

Remote work is allowed up to 3 days a week, agreed with your manager.

Expenses are reimbursed within 30 days when submitted with a receipt in the expenses tool.

Parental leave is 16 weeks at full pay for every new parent.`;

export const STARTERS: readonly Starter[] = [
  {
    id: 'starter-task-tracker',
    appType: 'generated',
    name: 'Team Task Tracker',
    category: 'Productivity',
    description: 'Tasks with status, due dates and assignees, grouped in projects, on a kanban board.',
    prompt:
      'A task tracker for my team with tasks (title, status, due date, assignee) and projects (name, deadline), with a kanban board',
  },
  {
    id: 'starter-crm',
    appType: 'generated',
    name: 'Simple CRM',
    category: 'Sales',
    description: 'Contacts and the deals you are working on, from first call to closed.',
    prompt: 'A CRM with contacts (name, email, phone, company) and deals (title, amount, stage, close date)',
  },
  {
    id: 'starter-clinic',
    appType: 'generated',
    name: 'Clinic Appointments',
    category: 'Health',
    description: 'Doctors, their specialties and patient appointments on a calendar.',
    prompt:
      'A clinic booking app with doctors (name, specialty) and appointments (patient name, date, doctor, reason), with a calendar',
  },
  {
    id: 'starter-inventory',
    appType: 'generated',
    name: 'Inventory Tracker',
    category: 'Operations',
    description: 'Products with stock and price, and the suppliers you order from.',
    prompt: 'An inventory tracker with products (name, SKU, quantity, price) and suppliers (name, email, phone)',
  },
  {
    id: 'starter-events',
    appType: 'generated',
    name: 'Event Planner',
    category: 'Events',
    description: 'Events with date, place and budget, and the guest list with RSVPs.',
    prompt: 'An event planner with events (title, date, location, budget) and guests (name, email, RSVP status)',
  },
  {
    id: 'starter-recipes',
    appType: 'generated',
    name: 'Recipe Book',
    category: 'Personal',
    description: 'Your recipes with ingredients, steps and cooking time.',
    prompt: 'A recipe book with recipes (title, ingredients, instructions, cooking time, category)',
  },
  {
    id: 'starter-return-policy',
    appType: 'tool',
    name: 'Return Policy Helper',
    category: 'Customer support',
    description: 'Answers customers’ questions about returns and refunds from your return policy.',
    tool: {
      title: 'Ask about returns',
      path: 'returns',
      instructions: 'Answer the customer’s question about returns from the return policy: [input]',
      inputLabel: 'Your question about returns',
      examples: ['Can I return a swimsuit?', 'How long do refunds take?', 'Is return shipping free?'],
    },
    data: { name: 'Return policy', text: RETURN_POLICY },
  },
  {
    id: 'starter-menu',
    appType: 'tool',
    name: 'Restaurant Menu Assistant',
    category: 'Hospitality',
    description: 'Tells guests about dishes, prices, allergens and opening hours from your menu.',
    tool: {
      title: 'Ask about the menu',
      path: 'menu',
      instructions: 'Answer the guest’s question from the menu: [input]',
      inputLabel: 'Your question about the menu',
      examples: ['Is the risotto gluten-free?', 'How much is a margherita?', 'Are you open on Mondays?'],
    },
    data: { name: 'Menu', text: MENU },
  },
  {
    id: 'starter-handbook',
    appType: 'tool',
    name: 'HR Handbook Helper',
    category: 'HR',
    description: 'Answers employees’ questions about holidays, leave and expenses from your handbook.',
    tool: {
      title: 'Ask HR',
      path: 'ask-hr',
      instructions: 'Answer the employee’s question from the handbook: [input]',
      inputLabel: 'Your question for HR',
      examples: ['How many holiday days do I get?', 'When do I need a doctor’s note?', 'Can I work from home?'],
    },
    data: { name: 'Employee handbook', text: HANDBOOK },
  },
];

/** The starter with this gallery id, if any. */
export const findStarter = (id: string): Starter | undefined => STARTERS.find((s) => s.id === id);
