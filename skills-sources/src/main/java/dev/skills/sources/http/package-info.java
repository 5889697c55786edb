/**
 * The one guarded way the sources talk HTTP (an index, its artifacts, git's smart HTTP
 * protocol): requests only to the origins a source allows, redirects only within an
 * origin, credentials and configured headers only to the source's own origin, every body
 * streamed, counted and read before a deadline.
 */
@NullMarked
package dev.skills.sources.http;

import org.jspecify.annotations.NullMarked;
