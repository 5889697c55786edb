package dev.skills.sources;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.registry.SkillsRegistry;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Sources of a kind another module contributes, through the public {@link SkillSource}.
 */
class ContributedSourcesTests {

	@TempDir
	Path temp;

	@Test
	void whenASourceIsContributedThenItIsServedRefreshedOnRequestItsWarningIsADiagnosticAndItIsClosed() {
		CountingSource source = new CountingSource();
		SkillSource.Factory factory = new SkillSource.Factory() {

			@Override
			public String readableName() {
				return "counting";
			}

			@Override
			public String identity() {
				return "counting";
			}

			@Override
			public SkillSource create(SourcesSettings settings, Function<String, Path> revisionFolder) {
				return source;
			}

		};
		SourceRefresher sources = SourceRefresher.create(List.of(), List.of(factory),
				SourcesSettings.defaults().withCacheDir(this.temp), (status) -> {
				});
		assertThat(sources.refreshSoon("counting")).isTrue();
		assertThat(source.fetches.get()).as("nothing is fetched before start").isZero();
		SkillsRegistry registry = SkillsRegistry.create(SkillConfig.builder().skillsDir(sources.locations()).build());
		sources.start(registry);
		await().atMost(Duration.ofSeconds(5)).until(() -> registry.contains("counted-1"));
		assertThat(registry.diagnostics()).extracting(SkillDiagnostic::message).contains("left out: revision 1");
		assertThat(sources.statuses().get(0).type()).isEqualTo("test");

		assertThat(sources.refreshSoon("counting")).isTrue();
		await().atMost(Duration.ofSeconds(5)).until(() -> registry.contains("counted-2"));
		assertThat(registry.contains("counted-1")).isFalse();
		assertThat(sources.refreshSoon("unknown")).isFalse();

		sources.close();
		registry.close();
		assertThat(source.closed).isTrue();
	}

	private static final class CountingSource implements SkillSource {

		private final AtomicInteger fetches = new AtomicInteger();

		private final AtomicBoolean closed = new AtomicBoolean();

		private volatile List<String> warnings = List.of();

		@Override
		public String name() {
			return "counting";
		}

		@Override
		public String type() {
			return "test";
		}

		@Override
		public boolean moves() {
			return true;
		}

		@Override
		public Duration refreshInterval() {
			return Duration.ZERO;
		}

		@Override
		public String fetch() {
			return "r" + this.fetches.incrementAndGet();
		}

		@Override
		public void checkout(String revision, @Nullable String served, Path into) throws IOException {
			String name = "counted-" + revision.substring(1);
			Path folder = Files.createDirectories(into.resolve(name));
			Files.writeString(folder.resolve("SKILL.md"),
					"---\nname: " + name + "\ndescription: Revision " + revision + "\n---\nBody\n");
			this.warnings = List.of("left out: revision " + revision.substring(1));
		}

		@Override
		public List<String> warnings() {
			return this.warnings;
		}

		@Override
		public void close() {
			this.closed.set(true);
		}

	}

}
