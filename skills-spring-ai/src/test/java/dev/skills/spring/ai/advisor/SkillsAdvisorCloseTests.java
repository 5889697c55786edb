package dev.skills.spring.ai.advisor;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsListener;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.test.ScriptedChatModel;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.chat.client.ChatClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An advisor built per call releases what it built: the catalog's keyword index, which
 * listens to the registry.
 */
class SkillsAdvisorCloseTests {

	@TempDir
	Path root;

	@Test
	void closedAdvisorsLeaveNoListener() {
		for (int i = 0; i < 30; i++) {
			String name = "skill-%02d".formatted(i);
			SkillFixtures.write(this.root.resolve(name + "/SKILL.md"), "---\nname: " + name + "\ndescription: Does "
					+ "many different things ".repeat(40) + "\n---\nInstructions.\n");
		}
		ScriptedChatModel model = new ScriptedChatModel();
		try (CountingRegistry registry = new CountingRegistry(
				SkillConfig.builder().skillsDir(this.root.toString()).build())) {
			for (int call = 0; call < 5; call++) {
				// A default catalog of 4,000 tokens lists only some of these
				// descriptions:
				// the keyword index is built to rank them.
				try (SkillsAdvisor advisor = SkillsAdvisor.builder(registry).build()) {
					model.thenAnswer("ok");
					ChatClient.builder(model).defaultAdvisors(advisor).build().prompt().user("skill").call().content();
				}
			}
			assertThat(registry.added.get()).isPositive();
			assertThat(registry.listening()).isZero();
		}
	}

	static final class CountingRegistry extends SkillsRegistry {

		final AtomicInteger added = new AtomicInteger();

		final AtomicInteger removed = new AtomicInteger();

		CountingRegistry(SkillConfig config) {
			super(config);
			discover(config.skillsDir());
		}

		@Override
		public void addListener(SkillsListener listener, boolean withCurrentSkills) {
			this.added.incrementAndGet();
			super.addListener(listener, withCurrentSkills);
		}

		@Override
		public void removeListener(SkillsListener listener) {
			this.removed.incrementAndGet();
			super.removeListener(listener);
		}

		int listening() {
			return this.added.get() - this.removed.get();
		}

	}

}
