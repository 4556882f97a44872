/** First and last names the demo data draws its people from (the demo seed and the demo CRM). */

export const FIRST_NAMES = `
Maria James Linda Robert Patricia Michael Jennifer David Elizabeth William Susan Carlos
Jessica Daniel Sarah Thomas Karen Anthony Nancy Kevin Emily Brian Aisha Jorge Mei Omar Grace
Luis Hannah Ethan`
  .trim()
  .split(/\s+/);
export const LAST_NAMES = `
Gonzalez Smith Johnson Nguyen Williams Brown Garcia Miller Davis Martinez Hernandez Lopez
Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Clark
Patel Kim Walker Young Allen`
  .trim()
  .split(/\s+/);
