import type { DiscountUnit, QuantityUnit } from '@shop/shared';

/**
 * The demo catalogue of "Bottega di Famiglia": categories, products, recipes, contact messages and the
 * changelog. Plain data only; index.ts turns it into documents (the pictures are SVG files in images/).
 */

export type CategoryKey = 'oils' | 'balsamic' | 'spreads' | 'pasta' | 'sauces' | 'gifts';

export interface SeedCategory {
  key: CategoryKey;
  name: string;
  description: string;
}

export interface SeedProduct {
  name: string;
  categories: CategoryKey[];
  description: string;
  price: number;
  quantity_amount: number;
  quantity_unit: QuantityUnit;
  stars: number;
  discount?: { unit: DiscountUnit; amount: number };
  inventory_stock?: boolean;
  published?: boolean;
  apply_shipping?: boolean;
  /** Relative weight in the order history (bestsellers sell more). */
  popularity: number;
  /** When the product entered the catalogue; orders never contain it before that day. */
  addedDaysAgo: number;
}

export interface SeedRecipe {
  name: string;
  description: string;
  ingredients: string[];
  directions: string[];
  addedDaysAgo: number;
  /** The body's opening paragraph: `bold` is set in bold between the two texts. */
  intro: { before: string; bold: string; after: string };
  /** Where to read about the dish (the body's closing paragraph links to it, in a new tab). */
  reading: { label: string; url: string };
  /**
   * The shop's products the recipe uses, by name (the recipe page's "Add all to cart"); a `[name, quantity]`
   * pair when it takes more than one.
   */
  products: Array<string | [string, number]>;
}

/** In the order the shop displays them (shop-settings categories_order). */
export const CATEGORIES: SeedCategory[] = [
  {
    key: 'oils',
    name: 'Extra Virgin Olive Oils',
    description:
      'Cold-extracted single-estate oils from family mills in Apulia, Liguria, Tuscany, Umbria and Sicily. Every bottle carries its harvest year; we taste each lot before it reaches the shelf.',
  },
  {
    key: 'balsamic',
    name: 'Balsamic Vinegars of Modena',
    description:
      'From everyday IGP balsamic for salads to Aceto Balsamico Tradizionale aged for decades in cherry, chestnut and juniper barrels in the attics of Modena.',
  },
  {
    key: 'spreads',
    name: 'Bruschetta Spreads & Pestos',
    description:
      'Spoonable antipasti made in small batches: sun-dried tomatoes, olives, artichokes, basil and pistachio. Spread on grilled bread or toss with a spoonful of pasta water.',
  },
  {
    key: 'pasta',
    name: 'Artisanal Pasta',
    description:
      'Bronze-die pasta from Gragnano and Apulia, dried slowly at low temperature so it keeps its bite and holds on to every sauce.',
  },
  {
    key: 'sauces',
    name: 'Sauces & Preserves',
    description:
      'Tomato passata and slow-cooked sauces bottled at the height of summer, ready for a weeknight dinner that tastes like Sunday lunch.',
  },
  {
    key: 'gifts',
    name: 'Gift Boxes',
    description:
      'Hand-packed boxes of our favourites with a handwritten card. Ready to ship for birthdays, holidays and thank-yous.',
  },
];

const pct = (amount: number) => ({ unit: '%' as DiscountUnit, amount });
const cash = (amount: number) => ({ unit: 'CASH' as DiscountUnit, amount });

/** Grouped by category; index.ts creates them oldest first, with createdAt from addedDaysAgo. */
export const PRODUCTS: SeedProduct[] = [
  // Extra virgin olive oils
  {
    name: 'Frantoio Coratina Extra Virgin Olive Oil 500 ml',
    categories: ['oils'],
    description:
      'A bold, peppery oil pressed within hours of harvest from Coratina olives grown outside Andria, Apulia. Notes of green almond, artichoke and a long bitter finish. Pour it over grilled vegetables, bean soups and bistecca.',
    price: 24.9,
    quantity_amount: 500,
    quantity_unit: 'Ml',
    stars: 5,
    popularity: 10,
    addedDaysAgo: 800,
  },
  {
    name: 'Taggiasca Ligurian Extra Virgin Olive Oil 750 ml',
    categories: ['oils'],
    description:
      'Delicate and buttery, made from small Taggiasca olives on the terraced hills above Imperia. Sweet with hints of pine nut and ripe apple, perfect on fish, pesto and fresh cheeses.',
    price: 32.5,
    quantity_amount: 750,
    quantity_unit: 'Ml',
    stars: 5,
    discount: pct(10),
    popularity: 7,
    addedDaysAgo: 795,
  },
  {
    name: 'Nocellara del Belice Sicilian Olive Oil 1 L',
    categories: ['oils'],
    description:
      'A generous everyday oil from the Belice valley in western Sicily with aromas of green tomato leaf and fresh-cut grass. Medium fruitiness, gentle pepper, big enough for the whole kitchen.',
    price: 38,
    quantity_amount: 1,
    quantity_unit: 'L',
    stars: 4,
    popularity: 6,
    addedDaysAgo: 790,
  },
  {
    name: 'Tuscan Frantoio & Leccino Blend 3 L Tin',
    categories: ['oils'],
    description:
      'Our house blend of Frantoio and Leccino olives from a cooperative mill near Siena, packed in a light-proof tin. Fruity and balanced, the oil we cook with every day.',
    price: 79,
    quantity_amount: 3,
    quantity_unit: 'L',
    stars: 4,
    popularity: 4,
    addedDaysAgo: 785,
  },
  {
    name: 'Organic Umbrian Moraiolo Olive Oil 250 ml',
    categories: ['oils'],
    description:
      'Certified organic oil from century-old Moraiolo trees around Trevi. Intensely green, with notes of thistle and black pepper. Small harvest: back with the new oil in November.',
    price: 16.5,
    quantity_amount: 250,
    quantity_unit: 'Ml',
    stars: 4,
    inventory_stock: false,
    popularity: 3,
    addedDaysAgo: 600,
  },
  {
    name: 'Agrumato Lemon Olive Oil 250 ml',
    categories: ['oils'],
    description:
      'Olives and whole Amalfi lemons crushed together in the mill, the traditional agrumato way. Bright and fragrant: finish grilled fish, carpaccio or a simple salad of fennel and orange.',
    price: 18.9,
    quantity_amount: 250,
    quantity_unit: 'Ml',
    stars: 4,
    discount: cash(2.5),
    popularity: 5,
    addedDaysAgo: 420,
  },
  // Balsamic vinegars
  {
    name: 'Aceto Balsamico di Modena IGP 250 ml',
    categories: ['balsamic'],
    description:
      'A fruity, well-balanced balsamic vinegar made from cooked grape must and wine vinegar, aged in oak barrels. Our everyday bottle for salad dressings and glazes.',
    price: 12.9,
    quantity_amount: 250,
    quantity_unit: 'Ml',
    stars: 4,
    popularity: 8,
    addedDaysAgo: 780,
  },
  {
    name: 'Aceto Balsamico Tradizionale DOP 12 Years 100 ml',
    categories: ['balsamic'],
    description:
      'Only cooked grape must, aged at least twelve years through a battery of ever smaller barrels. Dense and glossy, sweet and sour with notes of cherry and wood. A few drops on Parmigiano, risotto or vanilla gelato.',
    price: 69,
    quantity_amount: 100,
    quantity_unit: 'Ml',
    stars: 5,
    popularity: 3,
    addedDaysAgo: 775,
  },
  {
    name: 'Aceto Balsamico Tradizionale DOP Extravecchio 25 Years 100 ml',
    categories: ['balsamic'],
    description:
      'Our rarest bottle: a quarter of a century in juniper, mulberry and oak casks from a family acetaia near Spilamberto. Velvety, complex and long. Sealed in the official Giugiaro bottle by the consortium.',
    price: 95,
    quantity_amount: 100,
    quantity_unit: 'Ml',
    stars: 5,
    popularity: 1.5,
    addedDaysAgo: 770,
  },
  {
    name: 'Fig Balsamic Glaze 200 ml',
    categories: ['balsamic'],
    description:
      'Balsamic vinegar of Modena reduced with Calabrian figs into a thick, sweet glaze. Drizzle over burrata, roasted squash or a cheese board.',
    price: 9.9,
    quantity_amount: 200,
    quantity_unit: 'Ml',
    stars: 4,
    discount: pct(15),
    popularity: 6,
    addedDaysAgo: 500,
  },
  {
    name: 'White Balsamic Condiment 250 ml',
    categories: ['balsamic'],
    description:
      'Made from white Trebbiano grape must, cooked gently so it stays golden. Clean and mellow acidity that will not stain a potato salad, a pan of seafood or a pale vinaigrette.',
    price: 11.5,
    quantity_amount: 250,
    quantity_unit: 'Ml',
    stars: 3,
    popularity: 2.5,
    addedDaysAgo: 765,
  },
  {
    name: 'Balsamico Riserva 8 Years 250 ml',
    categories: ['balsamic'],
    description:
      'A step between everyday IGP and the Tradizionale: eight years in oak and cherry wood give a syrupy texture and a round, raisin-like sweetness. Sold out until the next bottling.',
    price: 34,
    quantity_amount: 250,
    quantity_unit: 'Ml',
    stars: 4,
    inventory_stock: false,
    popularity: 3,
    addedDaysAgo: 700,
  },
  // Bruschetta spreads & pestos
  {
    name: 'Sun-Dried Tomato Bruschetta Spread 180 g',
    categories: ['spreads'],
    description:
      'Apulian tomatoes dried in the sun, chopped with capers, oregano and extra virgin olive oil. Spread it on warm bread, stir it into pasta or layer it in a panino with mozzarella.',
    price: 8.9,
    quantity_amount: 180,
    quantity_unit: 'g',
    stars: 4,
    popularity: 9,
    addedDaysAgo: 760,
  },
  {
    name: 'Taggiasca Black Olive Tapenade 180 g',
    categories: ['spreads'],
    description:
      'Taggiasca olives pitted by hand and ground with a touch of thyme and lemon zest. Earthy and mellow, a natural partner for crostini, grilled fish and hard-boiled eggs.',
    price: 9.9,
    quantity_amount: 180,
    quantity_unit: 'g',
    stars: 5,
    popularity: 6,
    addedDaysAgo: 755,
  },
  {
    name: 'Pesto Genovese DOP Basil 130 g',
    categories: ['spreads', 'sauces'],
    description:
      'Made in Pra with Genovese DOP basil, Ligurian olive oil, pine nuts, Parmigiano Reggiano and Fiore Sardo. No cream, no cashews, no shortcuts. Toss with trofie and a spoonful of pasta water.',
    price: 10.9,
    quantity_amount: 130,
    quantity_unit: 'g',
    stars: 5,
    discount: cash(2),
    popularity: 9,
    addedDaysAgo: 750,
  },
  {
    name: 'Bronte Pistachio Pesto 90 g',
    categories: ['spreads'],
    description:
      'Bright green pistachios from the slopes of Etna, ground with olive oil and a pinch of salt. Rich and nutty: try it on pasta with lemon zest or on toasted sourdough with stracciatella.',
    price: 14.5,
    quantity_amount: 90,
    quantity_unit: 'g',
    stars: 4,
    popularity: 4,
    addedDaysAgo: 520,
  },
  {
    name: "Calabrian 'Nduja Spicy Spread 180 g",
    categories: ['spreads'],
    description:
      'The soft, fiery pork salume of Spilinga, rich with Calabrian chili. Melt a spoonful into a tomato sauce, spread it on pizza bianca or whisk it into scrambled eggs.',
    price: 12.9,
    quantity_amount: 180,
    quantity_unit: 'g',
    stars: 4,
    popularity: 4,
    addedDaysAgo: 330,
  },
  // Artisanal pasta
  {
    name: 'Spaghetti di Gragnano IGP Bronze-Cut 500 g',
    categories: ['pasta'],
    description:
      'Durum wheat semolina and spring water, drawn through bronze dies and dried for 48 hours in Gragnano, the town of pasta. The rough surface holds every drop of sauce.',
    price: 6.5,
    quantity_amount: 500,
    quantity_unit: 'g',
    stars: 5,
    popularity: 12,
    addedDaysAgo: 745,
  },
  {
    name: 'Paccheri di Gragnano IGP 500 g',
    categories: ['pasta'],
    description:
      'Wide, smooth-bottomed tubes from Gragnano that slap the plate (paccare) when served. Made for ragù napoletano, seafood sauces and baked pasta.',
    price: 6.9,
    quantity_amount: 500,
    quantity_unit: 'g',
    stars: 4,
    popularity: 7,
    addedDaysAgo: 740,
  },
  {
    name: "Pappardelle all'Uovo 250 g",
    categories: ['pasta'],
    description:
      'Broad egg ribbons rolled thin and folded into nests in a small pastificio near Bologna. Cooks in four minutes; marry it with wild boar ragù, mushrooms or butter and sage.',
    price: 7.9,
    quantity_amount: 250,
    quantity_unit: 'g',
    stars: 4,
    popularity: 5,
    addedDaysAgo: 735,
  },
  {
    name: 'Orecchiette Pugliesi 500 g',
    categories: ['pasta'],
    description:
      'Little ears of durum wheat shaped by thumb in the old town of Bari and dried slowly. The classic with cime di rapa, anchovies and chili, also lovely with sausage and broccoli.',
    price: 6.2,
    quantity_amount: 500,
    quantity_unit: 'g',
    stars: 4,
    discount: pct(20),
    popularity: 6,
    addedDaysAgo: 730,
  },
  {
    name: 'Organic Whole Wheat Fusilli 1 kg',
    categories: ['pasta'],
    description:
      'Stone-milled organic whole wheat from the Marche, twisted into tight spirals. Nutty and hearty, with a sauce of tomatoes, olives and capers. Out of stock until the next milling.',
    price: 11.9,
    quantity_amount: 1,
    quantity_unit: 'Kg',
    stars: 4,
    inventory_stock: false,
    popularity: 3,
    addedDaysAgo: 640,
  },
  {
    name: 'Fresh Egg Tagliatelle 500 g (Market Pickup)',
    categories: ['pasta'],
    description:
      'Rolled on Friday and handed over at our Saturday market stall, wrapped in paper. Pay online, pick up at Union Square: no shipping, keeps three days in the fridge.',
    price: 12,
    quantity_amount: 500,
    quantity_unit: 'g',
    stars: 5,
    apply_shipping: false,
    popularity: 4,
    addedDaysAgo: 450,
  },
  // Sauces & preserves
  {
    name: 'San Marzano DOP Tomato Passata 680 g',
    categories: ['sauces'],
    description:
      'San Marzano tomatoes from the Agro Sarnese-Nocerino, picked ripe in August, sieved and bottled the same day. Nothing added but a basil leaf.',
    price: 8.9,
    quantity_amount: 680,
    quantity_unit: 'g',
    stars: 5,
    popularity: 9,
    addedDaysAgo: 725,
  },
  {
    name: "Sugo all'Arrabbiata 340 g",
    categories: ['sauces'],
    description:
      'Tomatoes, garlic and a generous amount of Calabrian chili cooked slowly in olive oil. Ready for penne in the time the water boils.',
    price: 9.5,
    quantity_amount: 340,
    quantity_unit: 'g',
    stars: 4,
    popularity: 6,
    addedDaysAgo: 720,
  },
  {
    name: 'Ragù alla Bolognese 350 g',
    categories: ['sauces'],
    description:
      'Beef and pork simmered for four hours with soffritto, milk and a little tomato, following the recipe registered in Bologna. Serve with tagliatelle, never spaghetti.',
    price: 13.9,
    quantity_amount: 350,
    quantity_unit: 'g',
    stars: 4,
    popularity: 5,
    addedDaysAgo: 560,
  },
  {
    name: 'Puttanesca Sauce 340 g',
    categories: ['sauces'],
    description:
      'A Neapolitan pantry classic of tomatoes, Gaeta olives, capers and anchovies. Bold and briny, dinner in ten minutes.',
    price: 9.9,
    quantity_amount: 340,
    quantity_unit: 'g',
    stars: 3,
    popularity: 3,
    addedDaysAgo: 380,
  },
  // Gift boxes
  {
    name: '"La Dispensa" Pantry Gift Box',
    categories: ['gifts'],
    description:
      'A taste of the whole shop: Coratina olive oil, Balsamico di Modena IGP, spaghetti and paccheri from Gragnano, San Marzano passata and sun-dried tomato spread, packed in a wooden crate.',
    price: 89,
    quantity_amount: 1,
    quantity_unit: 'Pcs',
    stars: 5,
    popularity: 4,
    addedDaysAgo: 715,
  },
  {
    name: 'Olio Nuovo Tasting Trio 3 x 100 ml',
    categories: ['gifts', 'oils'],
    description:
      "Three small bottles of this season's oils from Apulia, Liguria and Sicily with a tasting card. Warm a spoonful in your hand, sip, and find your favourite.",
    price: 45,
    quantity_amount: 3,
    quantity_unit: 'Pcs',
    stars: 5,
    popularity: 4,
    addedDaysAgo: 710,
  },
  {
    name: 'Balsamic Connoisseur Gift Box',
    categories: ['gifts', 'balsamic'],
    description:
      'Tradizionale DOP 12 Years and Balsamico IGP side by side, with a glass dropper and tasting spoons, in a black gift box. For the friend who already has everything.',
    price: 92,
    quantity_amount: 1,
    quantity_unit: 'Pcs',
    stars: 5,
    discount: cash(5),
    popularity: 2,
    addedDaysAgo: 400,
  },
  {
    name: 'Bottega Gift Card 50 USD',
    categories: ['gifts'],
    description:
      'Sent by email with your message, valid for two years online and at our market stall. No shipping needed.',
    price: 50,
    quantity_amount: 1,
    quantity_unit: 'Pcs',
    stars: 0,
    apply_shipping: false,
    popularity: 2,
    addedDaysAgo: 300,
  },
  {
    name: 'Pasta Night Gift Box',
    categories: ['gifts', 'pasta'],
    description:
      'Dinner for four in a box: orecchiette and spaghetti, arrabbiata sauce, pesto genovese, a small Coratina oil and a recipe card from Nonna Pina.',
    price: 49,
    quantity_amount: 1,
    quantity_unit: 'Pcs',
    stars: 4,
    discount: pct(10),
    popularity: 3,
    addedDaysAgo: 60,
  },
  {
    name: 'Eggplant Caponata Spread 190 g',
    categories: ['spreads'],
    description:
      'Sicilian sweet and sour eggplant with celery, capers, olives and a splash of vinegar. New this season: serve at room temperature on crostini or next to grilled fish.',
    price: 8.5,
    quantity_amount: 190,
    quantity_unit: 'g',
    stars: 0,
    popularity: 3,
    addedDaysAgo: 9,
  },
  {
    name: 'Tagliatelle al Nero di Seppia 250 g',
    categories: ['pasta'],
    description:
      'Egg tagliatelle coloured with cuttlefish ink for seafood dishes. Still being tasted: not on sale yet.',
    price: 9.9,
    quantity_amount: 250,
    quantity_unit: 'g',
    stars: 0,
    published: false,
    popularity: 0,
    addedDaysAgo: 5,
  },
  {
    name: 'Olio Novello First Harvest 500 ml',
    categories: ['oils'],
    description:
      'Unfiltered oil from the first days of the harvest, bottled straight from the mill: grassy, cloudy and gone by Christmas. Published as soon as the first pallet lands.',
    price: 29,
    quantity_amount: 500,
    quantity_unit: 'Ml',
    stars: 0,
    published: false,
    popularity: 0,
    addedDaysAgo: 2,
  },
];

export const RECIPES: SeedRecipe[] = [
  {
    name: 'Bruschetta al Pomodoro',
    products: ['Frantoio Coratina Extra Virgin Olive Oil 500 ml', 'Sun-Dried Tomato Bruschetta Spread 180 g'],
    addedDaysAgo: 640,
    intro: {
      before: 'Serves four as a starter. Everything depends on ',
      bold: 'ripe summer tomatoes',
      after: ' and a peppery new-harvest oil: the bread only carries them.',
    },
    reading: { label: 'Bruschetta on Wikipedia', url: 'https://en.wikipedia.org/wiki/Bruschetta' },
    description:
      'The simplest antipasto of all and the best test of a good olive oil: grilled bread rubbed with garlic, ripe tomatoes, basil and a generous pour of Coratina.',
    ingredients: [
      '4 thick slices of country bread',
      '4 ripe plum tomatoes',
      '1 clove of garlic, halved',
      '8 basil leaves',
      '4 tbsp Frantoio Coratina extra virgin olive oil',
      'Flaky sea salt and black pepper',
    ],
    directions: [
      'Dice the tomatoes, season with salt, a little pepper and 2 tablespoons of olive oil and leave them for 10 minutes.',
      'Grill or toast the bread until golden with dark stripes.',
      'Rub each warm slice with the cut side of the garlic.',
      'Spoon the tomatoes over the bread, tear the basil on top and finish with the rest of the oil.',
    ],
  },
  {
    name: 'Spaghetti Aglio, Olio e Peperoncino',
    products: ['Spaghetti di Gragnano IGP Bronze-Cut 500 g', 'Frantoio Coratina Extra Virgin Olive Oil 500 ml'],
    addedDaysAgo: 520,
    intro: {
      before: 'Serves four, ready in ten minutes. Keep the heat low: ',
      bold: 'burnt garlic',
      after: ' turns the whole dish bitter, so take the pan off the flame if in doubt.',
    },
    reading: {
      label: 'Spaghetti aglio e olio on Wikipedia',
      url: 'https://en.wikipedia.org/wiki/Spaghetti_aglio_e_olio',
    },
    description:
      'The midnight spaghetti of every Italian kitchen: five ingredients, ten minutes, and the reason to keep good pasta and good oil in the pantry.',
    ingredients: [
      '400 g Spaghetti di Gragnano IGP',
      '6 tbsp extra virgin olive oil',
      '4 cloves of garlic, thinly sliced',
      '1 dried red chili, crumbled',
      'A handful of flat-leaf parsley, chopped',
      'Salt',
    ],
    directions: [
      'Cook the spaghetti in well-salted boiling water for two minutes less than the packet says.',
      'Meanwhile warm the oil with the garlic and chili in a wide pan over low heat until the garlic is just golden.',
      'Move the spaghetti to the pan with a ladle of cooking water and toss over high heat until the sauce turns creamy.',
      'Stir in the parsley and serve at once.',
    ],
  },
  {
    name: 'Caprese with Aged Balsamic',
    products: ['Taggiasca Ligurian Extra Virgin Olive Oil 750 ml', 'Aceto Balsamico Tradizionale DOP 12 Years 100 ml'],
    addedDaysAgo: 410,
    intro: {
      before: 'Serves four, no cooking at all. Take the mozzarella out of the fridge ',
      bold: 'an hour before',
      after: ' so it tastes of milk, not of cold.',
    },
    reading: { label: 'Caprese salad on Wikipedia', url: 'https://en.wikipedia.org/wiki/Caprese_salad' },
    description:
      'Summer on a plate: buffalo mozzarella, heirloom tomatoes and basil, finished with a few precious drops of Aceto Balsamico Tradizionale.',
    ingredients: [
      '250 g buffalo mozzarella',
      '3 large heirloom tomatoes',
      'A bunch of basil',
      '3 tbsp Taggiasca extra virgin olive oil',
      '1 tsp Aceto Balsamico Tradizionale DOP 12 Years',
      'Flaky sea salt',
    ],
    directions: [
      'Slice the tomatoes and the mozzarella about 1 cm thick.',
      'Arrange them in overlapping circles on a platter, tucking basil leaves in between.',
      'Season with salt, pour over the olive oil and leave for five minutes.',
      'Just before serving, dot the balsamic over the mozzarella, drop by drop.',
    ],
  },
  {
    name: 'Trofie al Pesto Genovese',
    products: ['Pesto Genovese DOP Basil 130 g', 'Taggiasca Ligurian Extra Virgin Olive Oil 750 ml'],
    addedDaysAgo: 300,
    intro: {
      before: 'Serves four. Pesto is made, not cooked: ',
      bold: 'never heat it',
      after: ', just loosen it with a spoonful of the pasta water.',
    },
    reading: { label: 'Pesto on Wikipedia', url: 'https://en.wikipedia.org/wiki/Pesto' },
    description:
      'How they eat pesto in Liguria: with short twisted trofie, green beans and potatoes cooked in the same pot as the pasta.',
    ingredients: [
      '400 g trofie or short pasta',
      '1 jar Pesto Genovese DOP (130 g)',
      '1 medium potato, peeled and diced',
      '150 g green beans, trimmed',
      '2 tbsp grated Parmigiano Reggiano',
      'Salt',
    ],
    directions: [
      'Bring a large pot of salted water to the boil and add the potato.',
      'After 5 minutes add the pasta, and the green beans 5 minutes before the pasta is done.',
      'Loosen the pesto in a warm bowl with 3 tablespoons of the cooking water. Never heat pesto in a pan.',
      'Drain everything, toss with the pesto and the Parmigiano and serve straight away.',
    ],
  },
  {
    name: 'Tuscan Panzanella',
    products: ['Tuscan Frantoio & Leccino Blend 3 L Tin', 'White Balsamic Condiment 250 ml'],
    addedDaysAgo: 190,
    intro: {
      before: 'Serves four. Panzanella wants ',
      bold: 'day-old bread',
      after: ' with a firm crust, which soaks up the tomato juices without falling apart.',
    },
    reading: { label: 'Panzanella on Wikipedia', url: 'https://en.wikipedia.org/wiki/Panzanella' },
    description:
      "A bread salad born to use up yesterday's loaf: juicy tomatoes, cucumber, red onion and basil soak into the bread with a sharp dressing of oil and vinegar.",
    ingredients: [
      '300 g day-old country bread',
      '500 g ripe tomatoes',
      '1 cucumber',
      '1 small red onion, thinly sliced',
      'A handful of basil',
      '5 tbsp extra virgin olive oil',
      '2 tbsp White Balsamic Condiment',
    ],
    directions: [
      'Soak the onion in cold water for 10 minutes to soften its bite, then drain.',
      'Tear the bread into chunks, sprinkle with a little water if very dry, and squeeze out the excess.',
      'Chop the tomatoes and cucumber and mix with the bread, onion and basil in a large bowl.',
      'Whisk the oil with the vinegar and salt, pour over the salad and let it rest 30 minutes before serving.',
    ],
  },
  {
    name: 'Strawberries with Balsamic and Mint',
    products: ['Balsamico Riserva 8 Years 250 ml', 'Fig Balsamic Glaze 200 ml'],
    addedDaysAgo: 95,
    intro: {
      before: 'Serves four. A few drops of ',
      bold: 'aged balsamic',
      after: ' make strawberries taste more of themselves; use the thick one, not the dressing kind.',
    },
    reading: { label: 'Balsamic vinegar on Wikipedia', url: 'https://en.wikipedia.org/wiki/Balsamic_vinegar' },
    description:
      'A dessert from Modena that surprises everyone: ripe strawberries macerated with a little sugar and aged balsamic until they turn glossy and deep red.',
    ingredients: [
      '500 g ripe strawberries',
      '1 tbsp sugar',
      '1 tbsp Balsamico Riserva 8 Years',
      'A few mint leaves',
      'Black pepper (optional)',
      'Vanilla gelato or mascarpone, to serve',
    ],
    directions: [
      'Hull and halve the strawberries.',
      'Toss with the sugar and balsamic and leave at room temperature for 20 minutes, stirring once.',
      'Add a twist of black pepper if you like and scatter over the torn mint.',
      'Serve on their own or spooned over gelato or mascarpone.',
    ],
  },
  {
    name: 'Paccheri with Slow-Cooked Ragù',
    // Two jars of ragù for 500 g of paccheri.
    products: ['Paccheri di Gragnano IGP 500 g', ['Ragù alla Bolognese 350 g', 2]],
    addedDaysAgo: 20,
    intro: {
      before: 'Serves six in twenty minutes. The ragù in the jar has already had its ',
      bold: 'three slow hours',
      after: ' on the stove: warm it gently and let the pasta do the rest.',
    },
    reading: { label: 'Ragù on Wikipedia', url: 'https://en.wikipedia.org/wiki/Rag%C3%B9' },
    description:
      'A Sunday lunch shortcut: wide paccheri tossed with our Bolognese ragù, a knob of butter and plenty of Parmigiano.',
    ingredients: [
      '400 g Paccheri di Gragnano IGP',
      '2 jars Ragù alla Bolognese (700 g)',
      '20 g butter',
      '60 g grated Parmigiano Reggiano',
      'Salt',
    ],
    directions: [
      'Warm the ragù gently in a wide pan with a splash of water.',
      'Cook the paccheri in salted boiling water until al dente, stirring now and then so they do not stick.',
      'Drain, add to the ragù with the butter and toss for a minute.',
      'Serve with the Parmigiano on the table.',
    ],
  },
];

export interface SeedNotification {
  firstname: string;
  lastname: string;
  email: string;
  telephone?: string;
  title: string;
  message: string;
  type: 'contact' | 'info';
  status: 'new' | 'read' | 'resolved';
  daysAgo: number;
}

export const NOTIFICATIONS: SeedNotification[] = [
  {
    firstname: 'Margaret',
    lastname: 'Lindqvist',
    email: 'margaret.lindqvist@example.com',
    telephone: '+1 617 555 0142',
    title: 'Corporate gift boxes for 40 people',
    message:
      'Hello! We would like to send "La Dispensa" boxes to our clients before the holidays, about 40 of them to different addresses. Do you offer a discount for that quantity and could you add our own card?',
    type: 'contact',
    status: 'new',
    daysAgo: 1,
  },
  {
    firstname: 'Daniel',
    lastname: 'Okafor',
    email: 'd.okafor@example.com',
    title: 'When is the Moraiolo oil back?',
    message:
      'I finished my last bottle of the Umbrian Moraiolo and it is out of stock. Will it be back with the new harvest? Can you let me know?',
    type: 'contact',
    status: 'new',
    daysAgo: 3,
  },
  {
    firstname: 'Sofia',
    lastname: 'Marchetti',
    email: 'sofia.marchetti@example.com',
    telephone: '+1 212 555 0187',
    title: 'Gluten-free pasta?',
    message:
      'Love your market stall on Saturdays. My daughter is celiac: do you plan to carry any gluten-free pasta from Gragnano?',
    type: 'contact',
    status: 'read',
    daysAgo: 9,
  },
  {
    firstname: 'Kevin',
    lastname: 'Brennan',
    email: 'kbrennan@example.com',
    title: 'Damaged bottle in my order',
    message:
      'My order arrived today but the bottle of balsamic glaze was cracked and leaked over the box. Everything else is fine. What should I do?',
    type: 'contact',
    status: 'resolved',
    daysAgo: 26,
  },
  {
    firstname: 'Priya',
    lastname: 'Raman',
    email: 'priya.raman@example.com',
    title: 'Wholesale for our restaurant',
    message:
      'We run a small trattoria in Brooklyn and would like to buy the Coratina oil in 3 L tins every month. Is there a wholesale price list?',
    type: 'contact',
    status: 'resolved',
    daysAgo: 58,
  },
  {
    firstname: 'Bottega',
    lastname: 'di Famiglia',
    email: 'shop@bottegadifamiglia.example',
    title: 'Holiday shipping deadline',
    message:
      'Orders placed by December 18 ship with USPS Priority Mail in time for Christmas. Remember to update the banner on the home page.',
    type: 'info',
    status: 'read',
    daysAgo: 14,
  },
  {
    firstname: 'Bottega',
    lastname: 'di Famiglia',
    email: 'shop@bottegadifamiglia.example',
    title: 'New harvest oils arriving',
    message:
      'The first pallet of Olio Novello is on its way. Publish the product and the tasting trio as soon as it lands.',
    type: 'info',
    status: 'new',
    daysAgo: 2,
  },
];

/** The dashboard's "what's new": a summary paragraph and the release's points as a bulleted list. */
export const CHANGELOGS: { version: string; title: string; summary: string; points: string[]; daysAgo: number }[] = [
  {
    version: '1.0.0',
    title: 'Online shop opens',
    summary: 'The Bottega is online for customers across the US.',
    points: ['Catalogue with categories and search', 'Cart and PayPal checkout', 'Order tracking by order number'],
    daysAgo: 760,
  },
  {
    version: '1.1.0',
    title: 'Recipes and gift boxes',
    summary: "Nonna's recipes come to the shop, and so do presents.",
    points: ['A recipes section with ingredients and directions', 'A new Gift Boxes category with handwritten cards'],
    daysAgo: 520,
  },
  {
    version: '1.2.0',
    title: 'Analytics and order map',
    summary: 'See how the year goes at a glance.',
    points: ['Yearly and monthly sales', 'Bestsellers and sales per category', 'A map of where the orders go'],
    daysAgo: 210,
  },
  {
    version: '2.0.0',
    title: 'New storefront and control centre',
    summary: 'A faster storefront and a control centre built for the shop.',
    points: ['Venmo and Pay Later at checkout', 'Market pickup items without shipping'],
    daysAgo: 12,
  },
];

/** Real US ZIP codes the order history ships to, with a weight for how often (big cities order more). */
export const ORDER_ZIPS: [zip: string, weight: number][] = [
  ['10003', 6],
  ['10025', 5],
  ['11215', 6],
  ['11201', 5],
  ['02139', 3],
  ['02116', 3],
  ['19103', 3],
  ['19147', 2],
  ['20009', 3],
  ['21201', 2],
  ['22201', 2],
  ['27701', 2],
  ['28202', 2],
  ['30307', 3],
  ['32801', 2],
  ['33139', 3],
  ['33606', 2],
  ['37203', 2],
  ['38103', 1],
  ['40204', 1],
  ['43215', 2],
  ['44113', 1],
  ['46202', 1],
  ['48201', 2],
  ['53202', 1],
  ['55408', 2],
  ['60614', 4],
  ['60622', 3],
  ['63110', 1],
  ['64111', 1],
  ['66044', 1],
  ['68102', 1],
  ['70116', 2],
  ['73102', 1],
  ['75201', 3],
  ['76104', 1],
  ['77006', 3],
  ['78704', 3],
  ['80202', 3],
  ['80302', 2],
  ['84101', 2],
  ['85004', 2],
  ['85701', 1],
  ['87501', 1],
  ['89101', 1],
  ['90026', 4],
  ['90210', 2],
  ['92101', 3],
  ['94110', 4],
  ['94117', 3],
  ['94607', 2],
  ['95814', 1],
  ['97214', 3],
  ['98103', 3],
  ['98122', 2],
  ['99501', 1],
  ['96813', 1],
  ['05401', 1],
  ['04101', 1],
  ['03801', 1],
  ['06511', 2],
  ['12866', 1],
  ['14607', 1],
  ['15213', 2],
  ['23220', 1],
  ['29401', 2],
  ['35203', 1],
  ['39201', 1],
  ['50309', 1],
  ['57104', 1],
  ['59801', 1],
  ['83702', 1],
];

export const FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Carlos',
  'Karen',
  'Daniel',
  'Lisa',
  'Matthew',
  'Nancy',
  'Anthony',
  'Sandra',
  'Mark',
  'Ashley',
  'Steven',
  'Emily',
  'Andrew',
  'Michelle',
  'Joshua',
  'Amanda',
  'Kevin',
  'Melissa',
  'Brian',
  'Stephanie',
  'Luis',
  'Rebecca',
  'Wei',
  'Laura',
  'Priya',
  'Aisha',
  'Marco',
  'Giulia',
  'Hiroshi',
  'Olivia',
  'Noah',
  'Emma',
  'Liam',
  'Sophia',
  'Mateo',
  'Isabella',
  'Ethan',
  'Chloe',
  'Omar',
  'Grace',
  'Tyler',
  'Hannah',
];

export const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Baker',
  'Rossi',
  'Russo',
  'Esposito',
  'Bianchi',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Chen',
  'Patel',
  'Kim',
  'Cohen',
  "O'Brien",
  'Sullivan',
  'Murphy',
  'Kowalski',
  'Nakamura',
  'Schmidt',
];

export const STREET_NAMES = [
  'Maple Ave',
  'Oak St',
  'Park Pl',
  'Washington St',
  'Elm St',
  'Cedar Ln',
  'Lake Dr',
  'Hillside Ave',
  'Main St',
  'Broadway',
  'Pine St',
  'Court St',
  'Union St',
  'Highland Ave',
  'Church St',
  'Sunset Blvd',
  'Willow Way',
  'Franklin Ave',
  'Bedford Ave',
  'Grove St',
  'Jefferson Ave',
  'Magnolia Dr',
  'Spring St',
  'Vine St',
  'Orchard Rd',
];
