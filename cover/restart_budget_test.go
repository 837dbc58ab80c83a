package cover

import "testing"

// TestBudgetRenewDoubles checks that a run that finds a solution goes on
// with twice its budget, whole, and never past maxBudget.
func TestBudgetRenewDoubles(t *testing.T) {
	b := &nodeBudget{left: 100, per: 100}
	b.spend(70)
	b.renew()
	if b.left != 200 || b.per != 200 {
		t.Errorf("after a renew: left %d of %d, want 200 of 200", b.left, b.per)
	}
	for range 64 {
		b.renew()
	}
	if b.per != maxBudget || b.left != maxBudget {
		t.Errorf("after 64 renews: left %d of %d, want both %d", b.left, b.per, int64(maxBudget))
	}
}
