package dev.skills.boot.autoconfigure;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import dev.skills.boot.SkillsReloadedEvent;
import dev.skills.core.activation.ActiveSkill;
import dev.skills.core.activation.ActiveSkillsRepository;
import dev.skills.core.activation.InMemoryActiveSkillsRepository;
import dev.skills.core.registry.SkillsChange;
import dev.skills.core.registry.SkillsListener;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.EventListener;
import org.springframework.util.FileSystemUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What a Boot application sees of a reload: its {@link SkillsListener} beans and
 * {@code @EventListener}s are told, the log has one INFO line, and the store forgets a
 * removed skill without holding the reload.
 */
@ExtendWith(OutputCaptureExtension.class)
class SkillsReloadWiringTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SkillsAutoConfiguration.class));

	@TempDir
	Path dir;

	@Test
	void reloadReachesListenersAndLog(CapturedOutput output) {
		SkillFixtures.skill(this.dir, "haiku-writer", "Write haiku.", "Five, seven, five.");
		this.contextRunner.withPropertyValues("skills.skills-dir=" + this.dir)
			.withUserConfiguration(Listeners.class)
			.run((context) -> {
				SkillFixtures.skill(this.dir, "haiku-writer", "Write haiku about the sea.", "Five, seven, five.");
				SkillsChange change = context.getBean(SkillsRegistry.class).reload();

				Listeners listeners = context.getBean(Listeners.class);
				// Told on the registry's listener threads, after the reload returned.
				await().atMost(Duration.ofSeconds(10))
					.untilAsserted(() -> assertThat(listeners.changes).containsExactly(change));
				await().atMost(Duration.ofSeconds(10)).until(() -> !listeners.events.isEmpty());
				assertThat(listeners.events).singleElement().satisfies((event) -> {
					assertThat(event.getChange()).isSameAs(change);
					assertThat(event.getChange().changed()).containsExactly("haiku-writer");
					assertThat(event.getRegistry()).isSameAs(context.getBean(SkillsRegistry.class));
				});
				assertThat(output)
					.containsOnlyOnce("Reloaded skills (generation " + change.generation() + "): changed haiku-writer");
			});
	}

	@Test
	void whenAReloadChangesNothingThenNoEventAndNoLine(CapturedOutput output) {
		SkillFixtures.skill(this.dir, "haiku-writer", "Write haiku.", "Five, seven, five.");
		this.contextRunner.withPropertyValues("skills.skills-dir=" + this.dir)
			.withUserConfiguration(Listeners.class)
			.run((context) -> {
				context.getBean(SkillsRegistry.class).reload();
				assertThat(context.getBean(Listeners.class).events).isEmpty();
				assertThat(output).doesNotContain("Reloaded skills");
			});
	}

	@Test
	@Timeout(30)
	void whenASkillIsRemovedThenItLeavesTheStoreWithoutHoldingTheReload() throws Exception {
		Path folder = SkillFixtures.skill(this.dir, "haiku-writer", "Write haiku.", "Five, seven, five.");
		BlockingStore store = new BlockingStore();
		store.activate("c1", new ActiveSkill("haiku-writer", Instant.EPOCH));
		this.contextRunner.withPropertyValues("skills.skills-dir=" + this.dir)
			.withBean(ActiveSkillsRepository.class, () -> store)
			.run((context) -> {
				FileSystemUtils.deleteRecursively(folder);
				// The store's delete blocks until released: the reload returns anyway.
				assertThat(context.getBean(SkillsRegistry.class).reload().removed()).containsExactly("haiku-writer");
				assertThat(store.findByConversationId("c1")).isNotEmpty();
				store.release.countDown();
				await().atMost(Duration.ofSeconds(10)).until(() -> store.findByConversationId("c1").isEmpty());
			});
	}

	@Configuration(proxyBeanMethods = false)
	static class Listeners implements SkillsListener {

		final List<SkillsChange> changes = new CopyOnWriteArrayList<>();

		final List<SkillsReloadedEvent> events = new CopyOnWriteArrayList<>();

		@Override
		public void onChange(SkillsChange change) {
			this.changes.add(change);
		}

		@EventListener
		void reloaded(SkillsReloadedEvent event) {
			this.events.add(event);
		}

	}

	static class BlockingStore extends InMemoryActiveSkillsRepository {

		final CountDownLatch release = new CountDownLatch(1);

		@Override
		public void deleteBySkillName(String name) {
			try {
				this.release.await(20, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			super.deleteBySkillName(name);
		}

	}

}
