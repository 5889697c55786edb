package dev.skills.spring.ai.tool;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

import dev.skills.core.activation.ActiveSkill;
import dev.skills.core.activation.InMemoryActiveSkillsRepository;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.Prompts;
import dev.skills.spring.ai.TestRegistries;
import dev.skills.spring.ai.advisor.SkillsAdvisor;
import dev.skills.test.ScriptedChatModel;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An {@code already_active} answer delivers nothing new: it is not an activation, so the
 * skill keeps the time it was activated at.
 */
class AlreadyActiveTests {

	static final Instant T1 = Instant.parse("2026-01-01T10:00:00Z");

	@TempDir
	Path root;

	SkillsRegistry registry;

	@AfterEach
	void close() {
		this.registry.close();
	}

	@Test
	void anAlreadyActiveAnswerDoesNotMoveTheActivationTime() {
		SkillFixtures.skill(this.root, "pdf-processing");
		this.registry = TestRegistries.of(this.root);
		InMemoryActiveSkillsRepository activeSkills = new InMemoryActiveSkillsRepository();
		MutableClock clock = new MutableClock(T1);
		SkillsAdvisor advisor = SkillsAdvisor
			.builder(SkillsTools.builder(this.registry).activeSkillsRepository(activeSkills).clock(clock).build())
			.build();
		ScriptedChatModel model = new ScriptedChatModel()
			.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}")
			.thenAnswer("activated")
			.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}")
			.thenAnswer("still there");
		ChatClient client = ChatClient.builder(model).defaultAdvisors(advisor).build();

		ask(client, "Fill the form");
		clock.now = T1.plusSeconds(60);
		ask(client, "Use the PDF skill again");

		assertThat(Prompts.lastToolResult(model.prompts().get(3)))
			.startsWith("Skill 'pdf-processing' is already active");
		assertThat(activeSkills.findByConversationId("c1")).containsExactly(new ActiveSkill("pdf-processing", T1));
	}

	private static void ask(ChatClient client, String user) {
		client.prompt().user(user).advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, "c1")).call().content();
	}

	static final class MutableClock extends Clock {

		Instant now;

		MutableClock(Instant now) {
			this.now = now;
		}

		@Override
		public ZoneId getZone() {
			return ZoneOffset.UTC;
		}

		@Override
		public Clock withZone(ZoneId zone) {
			return this;
		}

		@Override
		public Instant instant() {
			return this.now;
		}

	}

}
