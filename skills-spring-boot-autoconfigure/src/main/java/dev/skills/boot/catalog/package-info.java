/**
 * The skill catalog's link to the application's retriever, resolved on first use.
 */
@NullMarked
package dev.skills.boot.catalog;

import org.jspecify.annotations.NullMarked;
