/**
 * Active skills in a relational database, so that every instance of an application sees
 * the skills a conversation activated on any of them:
 * {@link dev.skills.jdbc.JdbcActiveSkillsRepository}, kept from failing a chat by
 * {@link dev.skills.jdbc.FailSafeActiveSkillsRepository}.
 */
@NullMarked
package dev.skills.jdbc;

import org.jspecify.annotations.NullMarked;
