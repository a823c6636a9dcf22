// Paths of the images agents create, exported as GeneratedImageRoutes (see ../routes.ts).

/** GET (docs/product.md §7: GET /generatedImages/{conversationId}/{conversationSegmentId}/{key}/{fileName}) */
export const image = '/generatedImages/:conversationId/:conversationSegmentId/:key/:fileName';
