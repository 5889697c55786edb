/**
 * Published skill indexes ({@code /.well-known/agent-skills/index.json}) as skill
 * sources: the index and every skill it lists fetched over HTTP, each digest verified
 * before a byte is used, archives unpacked under the folder rules.
 */
@NullMarked
package dev.skills.sources.index;

import org.jspecify.annotations.NullMarked;
