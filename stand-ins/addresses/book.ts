/**
 * The built-in postcode book behind the fixture address lookup: a few real-looking UK
 * postcodes, several addresses each. It includes the postcodes the demo data and the tests
 * use (BS1 4DJ, M1 1AE, EH1 1YZ, SW1A 1AA, LS1 4AP, CF10 1EP). Postcodes are written as
 * Royal Mail writes them.
 */
export type FixtureAddress = {
  buildingName?: string;
  roomNumber?: string;
  flatNumber?: string;
  buildingNumber?: string;
  street: string;
  subStreet?: string;
  town: string;
  county?: string;
};

export const FIXTURE_POSTCODES: Readonly<Record<string, readonly FixtureAddress[]>> = {
  "BS1 4DJ": [
    { flatNumber: "1", buildingNumber: "12", street: "Orchard Road", town: "Bristol", county: "City of Bristol" },
    { flatNumber: "2", buildingNumber: "12", street: "Orchard Road", town: "Bristol", county: "City of Bristol" },
    { buildingNumber: "12", street: "Orchard Road", town: "Bristol", county: "City of Bristol" },
    { buildingNumber: "14", street: "Orchard Road", town: "Bristol", county: "City of Bristol" },
    { buildingName: "Orchard House", buildingNumber: "16", street: "Orchard Road", town: "Bristol", county: "City of Bristol" },
  ],
  "M1 1AE": [
    { flatNumber: "4", buildingName: "Cotton House", buildingNumber: "20", street: "Portland Street", town: "Manchester", county: "Greater Manchester" },
    { flatNumber: "5", buildingName: "Cotton House", buildingNumber: "20", street: "Portland Street", town: "Manchester", county: "Greater Manchester" },
    { buildingNumber: "22", street: "Portland Street", town: "Manchester", county: "Greater Manchester" },
    { buildingNumber: "24", street: "Portland Street", town: "Manchester", county: "Greater Manchester" },
  ],
  "EH1 1YZ": [
    { flatNumber: "1F1", buildingNumber: "7", street: "Cockburn Street", town: "Edinburgh", county: "City of Edinburgh" },
    { flatNumber: "2F1", buildingNumber: "7", street: "Cockburn Street", town: "Edinburgh", county: "City of Edinburgh" },
    { flatNumber: "3F2", buildingNumber: "7", street: "Cockburn Street", town: "Edinburgh", county: "City of Edinburgh" },
    { buildingNumber: "9", street: "Cockburn Street", town: "Edinburgh", county: "City of Edinburgh" },
  ],
  "SW1A 1AA": [
    { buildingName: "Buckingham Palace", street: "The Mall", town: "London", county: "Greater London" },
    { flatNumber: "1", buildingName: "Royal Mews", street: "Buckingham Palace Road", town: "London", county: "Greater London" },
    { flatNumber: "2", buildingName: "Royal Mews", street: "Buckingham Palace Road", town: "London", county: "Greater London" },
  ],
  "LS1 4AP": [
    { buildingNumber: "10", street: "Boar Lane", town: "Leeds", county: "West Yorkshire" },
    { buildingNumber: "12", street: "Boar Lane", town: "Leeds", county: "West Yorkshire" },
    { flatNumber: "3", buildingName: "Trinity Court", buildingNumber: "14", street: "Boar Lane", town: "Leeds", county: "West Yorkshire" },
    { flatNumber: "4", buildingName: "Trinity Court", buildingNumber: "14", street: "Boar Lane", town: "Leeds", county: "West Yorkshire" },
  ],
  "CF10 1EP": [
    { buildingNumber: "20", street: "St Mary Street", town: "Cardiff", county: "South Glamorgan" },
    { buildingNumber: "22", street: "St Mary Street", town: "Cardiff", county: "South Glamorgan" },
    { flatNumber: "1", buildingNumber: "24", street: "St Mary Street", town: "Cardiff", county: "South Glamorgan" },
    { roomNumber: "6", buildingName: "Castle Arcade Chambers", street: "St Mary Street", town: "Cardiff", county: "South Glamorgan" },
  ],
  "B33 8TH": [
    { buildingNumber: "31", street: "Stechford Road", subStreet: "Hodge Hill", town: "Birmingham", county: "West Midlands" },
    { buildingNumber: "33", street: "Stechford Road", subStreet: "Hodge Hill", town: "Birmingham", county: "West Midlands" },
  ],
  "CR2 6XH": [
    { buildingNumber: "5", street: "Selsdon Park Road", town: "South Croydon", county: "Greater London" },
    { buildingName: "The Coach House", street: "Selsdon Park Road", town: "South Croydon", county: "Greater London" },
  ],
};
