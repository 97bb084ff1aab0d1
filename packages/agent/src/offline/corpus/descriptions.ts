// A broad set of everyday app descriptions with what a careful builder would make of each: the
// entities, their fields with types, and the links between them. Used by corpus.test.ts to measure
// how well the offline builder understands descriptions; not used at run time.
//
// Notation: `entities` maps an entity name (alternatives with `|`) to its expected fields, written
// `key:type` (key alternatives with `|`). Types: text, number, integer, money, boolean, date,
// datetime, email, phone, url, image, color, enum, tags; `>Entity` is a link to another entity's record.

export interface CorpusCase {
  text: string;
  entities: Record<string, string>;
}

export const CORPUS: CorpusCase[] = [
  {
    text: 'A reading tracker where I log books with title, author, pages, a rating from 1 to 5 and whether I finished it.',
    entities: { Book: 'title:text, author:text, pages:integer, rating:integer, finished:boolean' },
  },
  {
    text: 'Inventory for my hardware store: products (name, SKU, price, quantity in stock) supplied by suppliers (name, email, phone).',
    entities: {
      Product: 'name:text, sku:text, price:money, quantity|quantity_in_stock|stock:integer, supplier:>Supplier',
      Supplier: 'name:text, email:email, phone:phone',
    },
  },
  {
    text: 'Track the vaccinations of my pets. Pets have a name, species (dog, cat, rabbit) and birthday; vaccinations have a vaccine name, date given and next due date, and belong to a pet.',
    entities: {
      Pet: 'name:text, species:enum, birthday:date',
      Vaccination: 'vaccine_name|name|vaccine:text, date_given:date, next_due_date|next_due:date, pet:>Pet',
    },
  },
  {
    text: 'I run a small tutoring business. Keep students (name, parent email, phone) and lessons with a date and time, duration in minutes, price and whether it was paid. Each lesson is for a student.',
    entities: {
      Student: 'name:text, parent_email|email:email, phone:phone',
      Lesson:
        'date|starts_at|date_and_time:datetime, duration|duration_minutes:integer, price:money, paid:boolean, student:>Student',
    },
  },
  {
    text: 'simple to-do list',
    entities: { Task: 'title:text, done:boolean' },
  },
  {
    text: 'A wine cellar app: bottles with name, winery, vintage year, colour (red, white, rosé, sparkling), price, a label photo and a score out of 100.',
    entities: {
      Bottle:
        'name:text, winery:text, vintage|vintage_year|year:integer, colour|color:enum, price:money, label_photo|label_image|photo:image, score:integer',
    },
  },
  {
    text: 'Volunteer rota for the food bank: volunteers (name, phone, email) and shifts (date, start time, role: sorting, driving, front desk). Volunteers sign up for shifts.',
    entities: {
      Volunteer: 'name:text, phone:phone, email:email',
      Shift: 'date:date, start_time|starts_at:datetime, role:enum',
      'Signup|SignUp|ShiftSignup': 'volunteer:>Volunteer, shift:>Shift',
    },
  },
  {
    text: 'An app to keep track of my car maintenance: services with date, mileage, cost, garage and notes.',
    entities: { Service: 'date:date, mileage:integer, cost:money, garage:text, notes:text' },
  },
  {
    text: 'Bug tracker for our team. Bugs have a title, description, severity (low, medium, high, critical), status (open, in progress, fixed, closed), a reporter email and a screenshot.',
    entities: {
      Bug: 'title:text, description:text, severity:enum, status:enum, reporter_email|email:email, screenshot:image',
    },
  },
  {
    text: 'A sales pipeline: contacts (name, company, email, phone) and deals with an amount, expected close date and stage: lead, qualified, proposal, won, lost. Deals are linked to their contact.',
    entities: {
      Contact: 'name:text, company:text, email:email, phone:phone',
      Deal: 'amount:money, expected_close_date|close_date:date, stage:enum, contact:>Contact',
    },
  },
  {
    text: 'Meal planner for the week: recipes (name, cooking time in minutes, servings, vegetarian yes/no) and planned meals with a day, a meal (breakfast, lunch, dinner) and the recipe.',
    entities: {
      Recipe: 'name:text, cooking_time|cooking_time_minutes|cook_time:integer, servings:integer, vegetarian:boolean',
      'Meal|PlannedMeal': 'day|date:date, meal|meal_type:enum, recipe:>Recipe',
    },
  },
  {
    text: 'Our climbing club needs an app for trips: each trip has a destination, a date, a difficulty rating 1-10 and a max number of people. Members (name, email) can sign up for a trip.',
    entities: {
      Trip: 'destination:text, date:date, difficulty|difficulty_rating:integer, max_people|max_number_of_people|capacity:integer',
      Member: 'name:text, email:email',
      'Signup|SignUp|TripSignup': 'member:>Member, trip:>Trip',
    },
  },
  {
    text: 'Plant watering reminders',
    entities: { Plant: 'name:text' },
  },
  {
    text: 'A tool to catalogue my vinyl records: album, artist, release year, genre, condition (mint, good, fair, poor), purchase price and a cover image.',
    entities: {
      'Record|Album|VinylRecord':
        'album|title:text, artist:text, release_year|year:integer, genre:text, condition:enum, purchase_price|price:money, cover_image|cover:image',
    },
  },
  {
    text: 'Log my runs: date, distance in km, time in minutes, route and how I felt (great, ok, tired).',
    entities: {
      Run: 'date:date, distance|distance_km:number, time|time_minutes|duration:integer, route:text, feeling|felt|how_i_felt:enum',
    },
  },
  {
    text: 'Employee onboarding checklist. New hires have a name, start date, department (engineering, sales, support) and manager email. Checklist items have a title, a due date and done, and belong to a new hire.',
    entities: {
      'NewHire|Hire|Employee': 'name:text, start_date:date, department:enum, manager_email:email',
      'ChecklistItem|Item': 'title:text, due_date:date, done:boolean, new_hire|hire:>NewHire',
    },
  },
  {
    text: 'A library for our office: books (title, author, ISBN, cover) and loans — who borrowed which book, the borrower email, borrowed on and returned yes/no.',
    entities: {
      Book: 'title:text, author:text, isbn:text, cover|cover_image:image',
      Loan: 'borrower_email|email:email, borrowed_on:date, returned:boolean, book:>Book',
    },
  },
  {
    text: 'Gift ideas for family birthdays: people with a name and birthday, and gift ideas with a title, link, estimated price and whether it was bought, for a person.',
    entities: {
      Person: 'name:text, birthday:date',
      'GiftIdea|Gift|Idea': 'title:text, link:url, estimated_price|price:money, bought:boolean, person:>Person',
    },
  },
  {
    text: 'A recipe box',
    entities: { Recipe: 'title|name:text' },
  },
  {
    text: 'Conference talks app. Speakers have a name, bio, photo and twitter link. Talks have a title, abstract, room, a start time and a level (beginner, intermediate, advanced), and each talk has a speaker.',
    entities: {
      Speaker: 'name:text, bio:text, photo:image, twitter_link|twitter:url',
      Talk: 'title:text, abstract:text, room:text, start_time|starts_at:datetime, level:enum, speaker:>Speaker',
    },
  },
  {
    text: 'household chores with who does them, how often (daily, weekly, monthly) and when it was last done',
    entities: { Chore: 'name|title:text, assignee|who|person:text, frequency|how_often:enum, last_done:date' },
  },
  {
    text: 'A customer feedback form for my café: visitors leave their name, e-mail, a rating 1-5 and a comment.',
    entities: { Feedback: 'name:text, email:email, rating:integer, comment:text' },
  },
  {
    text: 'Track my subscriptions (Netflix, gym, etc.): name, monthly cost, renewal date, category (entertainment, health, work, other) and whether it is active.',
    entities: {
      Subscription: 'name:text, monthly_cost|cost:money, renewal_date:date, category:enum, active:boolean',
    },
  },
  {
    text: 'Apartment hunting: listings with address, rent per month, bedrooms, a link to the ad, photos, viewing date and status (to visit, visited, applied, rejected).',
    entities: {
      Listing:
        'address:text, rent|rent_per_month:money, bedrooms:integer, link|ad_link:url, photos|photo:image, viewing_date:date, status:enum',
    },
  },
  {
    text: 'A band setlist manager: songs (title, key, tempo in bpm, length in minutes) and gigs (venue, date, fee). A gig has many songs.',
    entities: {
      Song: 'title:text, key:text, tempo|tempo_bpm|bpm:integer, length|length_minutes:integer, gig:>Gig',
      Gig: 'venue:text, date:date, fee:money',
    },
  },
  {
    text: 'Homework planner for my kids: assignments with subject (maths, english, science, history), description, due date, done, and which child. Children have a name and a school year.',
    entities: {
      Assignment: 'subject:enum, description:text, due_date:date, done:boolean, child:>Child',
      Child: 'name:text, school_year|year:integer',
    },
  },
  {
    text: 'I want to track the board games I own and the sessions we play. Games: name, min players, max players, playing time (minutes), box photo. Sessions: date, game, winner, notes.',
    entities: {
      Game: 'name:text, min_players:integer, max_players:integer, playing_time:integer, box_photo|photo:image',
      Session: 'date:date, game:>Game, winner:text, notes:text',
    },
  },
  {
    text: 'A dentist clinic: patients (name, date of birth, phone, email) and appointments (date and time, treatment: checkup, cleaning, filling, extraction; cost; patient).',
    entities: {
      Patient: 'name:text, date_of_birth|birthday:date, phone:phone, email:email',
      Appointment: 'date_and_time|starts_at|date:datetime, treatment:enum, cost:money, patient:>Patient',
    },
  },
  {
    text: 'Expense splitting between flatmates: flatmates have a name; expenses have a description, amount, date and who paid (a flatmate).',
    entities: {
      Flatmate: 'name:text',
      Expense: 'description|title:text, amount:money, date:date, paid_by|flatmate|who_paid:>Flatmate',
    },
  },
  {
    text: 'A photo portfolio with projects: each project has a title, a client, a year, a cover photo and a description.',
    entities: { Project: 'title:text, client:text, year:integer, cover_photo|cover:image, description:text' },
  },
  {
    text: 'Keep a list of restaurants I want to try: name, cuisine, neighbourhood, price level 1-4, website, visited yes/no and my rating out of 5.',
    entities: {
      Restaurant:
        'name:text, cuisine:text, neighbourhood|neighborhood:text, price_level:integer, website:url, visited:boolean, rating|my_rating:integer',
    },
  },
  {
    text: 'Parish hall bookings: groups book the hall for an event on a date, from a start time to an end time, with a contact name, contact phone and the fee.',
    entities: {
      Booking:
        'event|title|name:text, date:date, start_time|starts_at:datetime, end_time|ends_at:datetime, contact_name:text, contact_phone:phone, fee:money',
    },
  },
  {
    text: 'Study flashcards: decks (name, subject) and cards with a question, an answer and a difficulty (easy, medium, hard). Cards belong to a deck.',
    entities: {
      Deck: 'name:text, subject:text',
      Card: 'question:text, answer:text, difficulty:enum, deck:>Deck',
    },
  },
  {
    text: 'A timesheet: clients (name, hourly rate) and time entries (date, hours, description, billable yes/no, client).',
    entities: {
      Client: 'name:text, hourly_rate|rate:money',
      TimeEntry: 'date:date, hours:number, description:text, billable:boolean, client:>Client',
    },
  },
  {
    text: 'Kanban board for my freelance projects with stages: idea, in progress, review, done. Each project has a client, a deadline and a budget.',
    entities: { Project: 'title|name:text, stage:enum, client:text, deadline:date, budget:money' },
  },
  {
    text: 'Community garden plots: plots have a number, a size in square metres and a tenant; tenants have a name, email and phone and whether they paid this year.',
    entities: {
      Plot: 'number|plot_number:text, size|size_in_square_metres|square_metres:number, tenant:>Tenant',
      Tenant: 'name:text, email:email, phone:phone, paid|paid_this_year:boolean',
    },
  },
  {
    text: 'A packing list for trips',
    entities: { 'Item|PackingItem': 'name|title:text, packed:boolean', Trip: 'name|destination:text' },
  },
  {
    text: 'Youth football team: players (name, shirt number, position: goalkeeper, defender, midfielder, forward, parent phone) and matches (opponent, date, home or away, goals for, goals against).',
    entities: {
      Player: 'name:text, shirt_number:integer, position:enum, parent_phone|phone:phone',
      Match:
        'opponent:text, date:date, home_or_away|home_away|venue|location:enum, goals_for:integer, goals_against:integer',
    },
  },
  {
    text: 'Track invoices I send: invoice number, client name, client email, amount in euros, issue date, due date and status (draft, sent, paid, overdue).',
    entities: {
      Invoice:
        'invoice_number|number:text, client_name:text, client_email:email, amount:money, issue_date:date, due_date:date, status:enum',
    },
  },
  {
    text: 'A job board for our town: companies post jobs. Companies have a name, logo and website; jobs have a title, description, salary, type (full time, part time, contract) and a closing date.',
    entities: {
      Company: 'name:text, logo:image, website:url',
      Job: 'title:text, description:text, salary:money, type|job_type:enum, closing_date:date, company:>Company',
    },
  },
  {
    text: 'Medication log: medications with name, dose, times per day; doses taken with a medication, taken at and a note.',
    entities: {
      Medication: 'name:text, dose:text, times_per_day:integer',
      'Dose|DoseTaken': 'medication:>Medication, taken_at:datetime, note:text',
    },
  },
  {
    text: 'Wedding planning: guests (name, email, table number, dietary needs, whether they are attending) and vendors (name, service, phone, price, deposit paid).',
    entities: {
      Guest: 'name:text, email:email, table_number|table:integer, dietary_needs:text, attending:boolean',
      Vendor: 'name:text, service:text, phone:phone, price:money, deposit_paid:boolean',
    },
  },
  {
    text: 'A podcast episode planner. Episodes have a title, guest, recording date, publish date, length in minutes, status (planned, recorded, edited, published) and show notes.',
    entities: {
      Episode:
        'title:text, guest:text, recording_date:date, publish_date:date, length|length_minutes:integer, status:enum, show_notes:text',
    },
  },
  {
    text: 'Lost and found at the school: items found with a description, where it was found, the date found, a photo and claimed (yes/no).',
    entities: {
      'Item|FoundItem':
        'description|title:text, where_found|location|place:text, date_found:date, photo:image, claimed:boolean',
    },
  },
  {
    text: 'CRM for a dog-walking business: owners (name, phone, address) and dogs (name, breed, owner, notes), and walks with a dog, a date and time, duration in minutes and price.',
    entities: {
      Owner: 'name:text, phone:phone, address:text',
      Dog: 'name:text, breed:text, owner:>Owner, notes:text',
      Walk: 'dog:>Dog, date_and_time|starts_at|date:datetime, duration|duration_minutes:integer, price:money',
    },
  },
  {
    text: 'a notes app with tags',
    entities: { Note: 'title:text, tags:tags' },
  },
  {
    text: 'A habit tracker: habits with a name and a daily goal; each day I check a habit off with a date and a count.',
    entities: {
      Habit: 'name:text, daily_goal|goal:integer',
      'CheckIn|Check': 'date:date, count:integer, habit:>Habit',
    },
  },
  {
    text: 'Makerspace tool lending: tools (name, photo, location, condition: new, good, worn, broken) and loans with a member name, borrowed date and return date.',
    entities: {
      Tool: 'name:text, photo:image, location:text, condition:enum',
      Loan: 'member_name:text, borrowed_date:date, return_date:date, tool:>Tool',
    },
  },
  {
    text: "Newsletter subscribers: email, first name, signed up on, and whether they've confirmed.",
    entities: { Subscriber: 'email:email, first_name|name:text, signed_up_on:date, confirmed:boolean' },
  },
  {
    text: 'A fundraising tracker for our charity run: runners with name, team and target amount, and donations with donor name, amount, date and message. Donations go to a runner.',
    entities: {
      Runner: 'name:text, team:text, target_amount|target:money',
      Donation: 'donor_name:text, amount:money, date:date, message:text, runner:>Runner',
    },
  },
  {
    text: 'Coffee tasting journal — beans (origin, roaster, roast level: light, medium, dark, price per bag) and tastings (date, brew method, score 1-10, notes, bean).',
    entities: {
      Bean: 'name|origin:text, roaster:text, roast_level:enum, price_per_bag|price:money',
      Tasting: 'date:date, brew_method:text, score:integer, notes:text, bean:>Bean',
    },
  },
  {
    text: 'Client intake for a hair salon. Clients: name, phone, email, hair type, allergies. Visits: client, date, service (cut, colour, styling), stylist, price.',
    entities: {
      Client: 'name:text, phone:phone, email:email, hair_type:text, allergies:text',
      Visit: 'client:>Client, date:date, service:enum, stylist:text, price:money',
    },
  },
  {
    text: 'A book club app: members can RSVP to meetings; each meeting is about a book and has a date and a host.',
    entities: {
      Member: 'name:text',
      Meeting: 'date:date, host:text, book:>Book',
      Book: 'title:text',
      Rsvp: 'member:>Member, meeting:>Meeting',
    },
  },
  {
    text: 'A book club app: members (name, email), books (title, author, rating 1-5) and meetings (date, book)',
    entities: {
      Member: 'name:text, email:email',
      Book: 'title:text, author:text, rating:integer',
      Meeting: 'date:date, book:>Book',
    },
  },
  {
    text: 'Track my savings goals: goal name, target amount, saved so far, target date and a colour.',
    entities: {
      'Goal|SavingsGoal':
        'name:text, target_amount:money, saved_so_far|saved:money, target_date:date, colour|color:color',
    },
  },
  {
    text: 'Maintenance requests for our apartment building: tenants submit requests with their unit, a description, a photo, urgency (low, normal, urgent) and status (new, scheduled, done).',
    entities: {
      'Request|MaintenanceRequest': 'title|description:text, unit:text, photo:image, urgency:enum, status:enum',
    },
  },
  {
    text: 'An app for my bakery orders: customers (name, phone) order cakes with a pickup date, flavour, size (small, medium, large), price and a deposit paid flag.',
    entities: {
      Customer: 'name:text, phone:phone',
      'Order|Cake':
        'pickup_date:date, flavour|flavor:text, size:enum, price:money, deposit_paid:boolean, customer:>Customer',
    },
  },
  {
    text: 'Course catalogue for a language school, readable by all students: courses with title, language, level (A1, A2, B1, B2, C1), start date, weeks and price.',
    entities: {
      Course: 'title:text, language:text, level:enum, start_date:date, weeks:integer, price:money',
    },
  },
  {
    text: 'A movie night picker: films with title, year, runtime in minutes, streaming link, poster and who suggested it.',
    entities: {
      'Film|Movie':
        'title:text, year:integer, runtime|runtime_minutes:integer, streaming_link|link:url, poster:image, suggested_by|who_suggested:text',
    },
  },
  {
    text: 'Shelter animals: animals (name, species, age in years, adopted yes/no, photo) and adopters with name, email and phone. An adoption links an animal to an adopter with a date.',
    entities: {
      Animal: 'name:text, species:text, age|age_in_years:integer, adopted:boolean, photo:image',
      Adopter: 'name:text, email:email, phone:phone',
      Adoption: 'animal:>Animal, adopter:>Adopter, date:date',
    },
  },
  {
    text: 'Research reading list with papers: title, authors, year, url, read (yes/no), a relevance percent and tags.',
    entities: {
      Paper:
        'title:text, authors:text, year:integer, url:url, read:boolean, relevance|relevance_percent:integer, tags:tags',
    },
  },
  {
    text: 'Greenhouse sensor log: readings with a timestamp, temperature, humidity percent and soil moisture.',
    entities: {
      Reading:
        'timestamp|taken_at:datetime, temperature:number, humidity|humidity_percent:integer, soil_moisture:number',
    },
  },
  {
    text: 'Class attendance for a yoga studio: classes with a name, instructor, start time and capacity; students with name and email; attendance records linking a student to a class with attended yes/no.',
    entities: {
      'Class|YogaClass': 'name:text, instructor:text, start_time|starts_at:datetime, capacity:integer',
      Student: 'name:text, email:email',
      'Attendance|AttendanceRecord': 'student:>Student, class|yoga_class:>Class, attended:boolean',
    },
  },
  {
    text: 'Track the warranty of the things I buy: item, store, purchase date, warranty length (months), receipt photo and price.',
    entities: {
      'Item|Purchase|Warranty':
        'item|name|title:text, store:text, purchase_date:date, warranty_length|warranty_months|warranty_length_months:integer, receipt_photo|receipt:image, price:money',
    },
  },
  {
    text: 'Neighbourhood tool library where members borrow things. Things have a name and category; members have a name and address.',
    entities: {
      Thing: 'name:text, category:text',
      Member: 'name:text, address:text',
      'Loan|Borrowing': 'thing:>Thing, member:>Member',
    },
  },
  {
    text: 'A daily mood journal with date, mood from 1-10, sleep hours, what I am grateful for and a photo of the day.',
    entities: {
      'Entry|JournalEntry|MoodEntry':
        'date:date, mood:integer, sleep_hours|sleep:number, grateful_for|gratitude:text, photo:image',
    },
  },
  {
    text: 'Fleet management: vehicles (plate number, make, model, year, next service date) and drivers (name, licence number, phone). Each vehicle is assigned to a driver.',
    entities: {
      Vehicle: 'plate_number|plate:text, make:text, model:text, year:integer, next_service_date:date, driver:>Driver',
      Driver: 'name:text, licence_number|license_number:text, phone:phone',
    },
  },
];
